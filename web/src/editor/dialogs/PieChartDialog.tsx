/**
 * Pie chart dialog (spec document 1 §5): items of label, value and colour; create is
 * disabled until one item is complete; at least one item is always kept; new items
 * take the next of 12 colours.
 */
import { useState } from 'react';
import { canCreatePie, parsePieChartCode, pieChartCode, pieColorAt, PIE_COLORS, type PieItem } from '@domain/mermaid-charts';
import { EditorDialog } from './EditorDialog';

let itemCounter = 0;
const newItem = (index: number): PieItem => ({ id: `pie-${++itemCounter}`, label: '', value: '', color: pieColorAt(index) });

export function PieChartDialog({ code, onSubmit, onClose }: { code?: string; onSubmit: (code: string) => void; onClose: () => void }) {
  const initial = code ? parsePieChartCode(code) : null;
  const [title, setTitle] = useState(initial?.title ?? '');
  const [items, setItems] = useState<PieItem[]>(initial?.items.length ? initial.items : [newItem(0)]);
  const update = (id: string, patch: Partial<PieItem>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  return (
    <EditorDialog
      title={code ? 'Modifier le graphique circulaire' : 'Créer un graphique circulaire'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>Annuler</button>
          <button type="button" className="btn-primary" disabled={!canCreatePie(items)} onClick={() => onSubmit(pieChartCode(items, title))}>
            {code ? 'Mettre à jour' : 'Créer'}
          </button>
        </>
      }
    >
      <label className="block text-sm">
        Titre du graphique
        <input className="field mt-1" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      {items.map((item, i) => (
        <fieldset key={item.id} className="flex items-end gap-2">
          <legend className="sr-only">Élément {i + 1}</legend>
          <label className="flex-1 text-xs">
            Libellé {i + 1}
            <input className="field mt-1" value={item.label} onChange={(e) => update(item.id, { label: e.target.value })} />
          </label>
          <label className="w-24 text-xs">
            Valeur {i + 1}
            <input className="field mt-1" inputMode="decimal" value={String(item.value)} onChange={(e) => update(item.id, { value: e.target.value })} />
          </label>
          <label className="text-xs">
            Couleur {i + 1}
            <select className="field mt-1" value={item.color} onChange={(e) => update(item.id, { color: e.target.value })} style={{ borderLeft: `8px solid ${item.color}` }}>
              {PIE_COLORS.map((c) => (
                <option key={c.hex} value={c.hex}>{c.name}</option>
              ))}
              {!PIE_COLORS.some((c) => c.hex === item.color) && <option value={item.color}>{item.color}</option>}
            </select>
          </label>
          {items.length > 1 && (
            <button type="button" className="btn-ghost px-2" aria-label={`Supprimer l'élément ${i + 1}`} title={`Supprimer l'élément ${i + 1}`} onClick={() => setItems((all) => all.filter((x) => x.id !== item.id))}>
              ✕
            </button>
          )}
        </fieldset>
      ))}
      <button type="button" className="btn-ghost" onClick={() => setItems((all) => [...all, newItem(all.length)])}>Ajouter un élément</button>
    </EditorDialog>
  );
}
