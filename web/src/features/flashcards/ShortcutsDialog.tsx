/** The '?' overlay of a review screen: every keyboard shortcut it answers to. */
import { Dialog } from '../../ui/Dialog';

export const REVIEW_SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Espace / Entrée', 'Voir la réponse'],
  ['1 2 3 4', 'Noter : À nouveau, Difficile, Bon, Facile'],
  ['U', 'Défaire la dernière réponse ou action'],
  ['S', 'Suspendre la carte'],
  ['B', 'Enterrer la carte jusqu’à demain'],
  ['E', 'Modifier la carte'],
  ['L', 'Lire à voix haute la face affichée'],
  ['A', 'Écouter l’audio de la carte'],
  ['?', 'Afficher cette aide'],
  ['Échap', 'Fermer cette aide'],
];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog
      title="Raccourcis clavier"
      open={open}
      onClose={onClose}
      actions={
        <button type="button" className="btn-primary" onClick={onClose}>
          Compris
        </button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="shortcuts">
        {REVIEW_SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-space-600 bg-space-800 px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
            </dt>
            <dd className="text-slate-200">{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
