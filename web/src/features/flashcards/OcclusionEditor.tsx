/**
 * 'Masquer une image' (image occlusion, as Anki's): choose one of the images the concept
 * already shows (ConceptImagePicker) or upload one, draw rectangles or ellipses over it with
 * the mouse or a finger, or add them with 'Ajouter une zone' and place them from the keyboard (arrows move the selected zone, Shift + arrows resize it, and each
 * zone's figures can be typed). Each zone becomes one card. Shapes are kept as fractions of
 * the image. Given an image-occlusion card (`card`), it reopens that card's image and zones:
 * saving keeps the cards of the zones kept, deletes those of the zones removed and makes
 * cards for new ones, from the version it opened. When the server refuses it because the
 * zones changed elsewhere meanwhile, the person's zones stay and they choose: 'Garder mes
 * zones' (saved again over the newer version) or 'Charger les nouvelles' (occlusion-conflict.ts).
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import {
  describeShape,
  fitShape,
  nudgeShape,
  occlusionCardText,
  OCCLUSION_SHAPES_MAX,
  shapeFromDrag,
  type OcclusionKind,
  type OcclusionMode,
  type CardOcclusion,
  type OcclusionShape,
} from '@domain/image-occlusion';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';
import { uploadsApi } from '../../api/uploads';
import { TOAST_FLASHCARD_MS, useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { ConceptImagePicker } from './ConceptImagePicker';
import { MASK_STYLE } from './OccludedImage';
import { resolveStaleZones, STALE_ZONES_TEXT, staleOcclusionOf, type ZonesDraft } from './occlusion-conflict';
import { splitTags } from './split-tags';

/** One keyboard step: 1 % of the image, 5 % with Alt. */
const STEP = 0.01;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const FIELDS = [
  ['left', 'Gauche'],
  ['top', 'Haut'],
  ['width', 'Largeur'],
  ['height', 'Hauteur'],
] as const;

const KINDS: [OcclusionKind, string][] = [
  ['rect', 'Rectangle'],
  ['ellipse', 'Ellipse'],
];

/** The header a card's question shows, empty when it is the default question. */
const headerOf = (card: Flashcard | undefined) => {
  if (!card?.occlusion) return '';
  return card.question === occlusionCardText(card.occlusion.shapes, card.occlusion.target, '').question ? '' : card.question;
};

export function OcclusionEditor({ conceptId, card, onSaved }: { conceptId: number; card?: Flashcard; onSaved?(cards: Flashcard[]): void }) {
  const toast = useToast();
  const editing = card?.occlusion ?? null;
  const [image, setImage] = useState<string | null>(editing?.image ?? null);
  const [shapes, setShapes] = useState<OcclusionShape[]>(editing?.shapes ?? []);
  const [selected, setSelected] = useState<number | null>(null);
  const [mode, setMode] = useState<OcclusionMode>(editing?.mode ?? 'hide_one');
  const [drawKind, setDrawKind] = useState<OcclusionKind>('rect');
  const [header, setHeader] = useState(headerOf(card));
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  // The version the zones were made from, and the newer one a refused save named (until the person chooses).
  const [version, setVersion] = useState(editing?.version ?? 0);
  const [newer, setNewer] = useState<CardOcclusion | null>(null);
  const choice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (newer) choice.current?.focus();
  }, [newer]);
  const [uploadField, setUploadField] = useState(0);
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const full = shapes.length >= OCCLUSION_SHAPES_MAX;

  const add = (shape: OcclusionShape) => {
    if (full) return;
    setShapes((list) => [...list, shape]);
    setSelected(shapes.length);
  };
  const change = (index: number, update: (shape: OcclusionShape) => OcclusionShape) => setShapes((list) => list.map((s, i) => (i === index ? update(s) : s)));
  const remove = (index: number) => {
    setShapes((list) => list.filter((_, i) => i !== index));
    setSelected(null);
  };

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      setImage((await uploadsApi.upload('image', file)).public_url);
      setShapes([]);
    } catch (err) {
      toast.error(`Erreur: ${errorText(err, 'Téléversement impossible')}`, TOAST_FLASHCARD_MS);
    } finally {
      setBusy(false);
    }
  }

  const pointAt = (event: PointerEvent) => {
    const box = frame.current!.getBoundingClientRect();
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (full || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = pointAt(event);
    setDrag({ from: at, to: at });
  };
  const endDrag = () => {
    const shape = drag && shapeFromDrag(drag.from, drag.to);
    setDrag(null);
    if (shape) add({ ...shape, kind: drawKind });
  };

  const moveByKeys = (index: number) => (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.altKey ? STEP * 5 : STEP;
    change(index, (s) => nudgeShape(s, arrow[0] * step, arrow[1] * step, event.shiftKey));
  };

  async function saveEdit(id: number, draft: ZonesDraft) {
    try {
      const saved = await flashcardsApi.editOcclusion(id, { version: draft.version, shapes: draft.shapes, mode: draft.mode, header: header.trim() });
      setNewer(null);
      toast.success(saved.length === 1 ? 'Zones enregistrées : 1 carte.' : `Zones enregistrées : ${saved.length} cartes.`, TOAST_FLASHCARD_MS);
      onSaved?.(saved);
    } catch (err) {
      // Changed elsewhere meanwhile: the person's zones stay on screen until they choose.
      const stale = staleOcclusionOf(err);
      if (stale) setNewer(stale);
      else toast.error(`Erreur: ${errorText(err, 'Une erreur est survenue')}`, TOAST_FLASHCARD_MS);
    }
  }

  async function resolve(which: 'keep' | 'load') {
    if (!newer || !card || busy) return;
    const next = resolveStaleZones(which, { shapes, mode, version }, newer);
    setShapes(next.shapes);
    setMode(next.mode);
    setVersion(next.version);
    setSelected(null);
    if (which === 'load') {
      setNewer(null);
      return;
    }
    setBusy(true);
    try {
      await saveEdit(card.id, next);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!image || shapes.length === 0 || busy || newer) return;
    setBusy(true);
    try {
      if (card && editing) {
        await saveEdit(card.id, { shapes, mode, version });
        return;
      }
      const cards = await flashcardsApi.createOcclusion(conceptId, { image, shapes, mode, header: header.trim(), tags: splitTags(tags) });
      toast.success(cards.length === 1 ? '1 carte créée avec succès!' : `${cards.length} cartes créées avec succès!`, TOAST_FLASHCARD_MS);
      setImage(null);
      setShapes([]);
      setHeader('');
      setTags('');
      onSaved?.(cards);
    } catch (err) {
      toast.error(`Erreur: ${errorText(err, 'Une erreur est survenue')}`, TOAST_FLASHCARD_MS);
    } finally {
      setBusy(false);
    }
  }

  const draft = drag && shapeFromDrag(drag.from, drag.to);
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-labelledby="occlusion-title">
      <h3 id="occlusion-title" className={editing ? 'sr-only' : 'text-base font-semibold'}>
        {editing ? 'Modifier les zones' : 'Masquer une image'}
      </h3>
      {!editing && (
        <ConceptImagePicker
          conceptId={conceptId}
          chosen={image}
          disabled={busy}
          onChoose={(address) => {
            if (address === image) return;
            setImage(address);
            setShapes([]);
            setSelected(null);
            // The file field no longer names a file the editor shows.
            setUploadField((n) => n + 1);
          }}
        />
      )}
      {!editing && (
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">{image ? 'Ou téléverser une autre image' : 'Ou téléverser une image'}</span>
          <input key={uploadField} type="file" accept="image/*" className="field" disabled={busy} onChange={(e) => void chooseImage(e.target.files?.[0])} />
        </label>
      )}
      {image && (
        <>
          <p id="occlusion-help" className="text-xs text-slate-400">
            Tracez une zone sur l’image pour chaque partie à masquer, ou « Ajouter une zone » puis placez-la : flèches pour la déplacer, Maj + flèches pour la redimensionner.
          </p>
          <fieldset className="flex flex-wrap items-center gap-3 text-sm text-slate-300">
            <legend className="sr-only">Forme des nouvelles zones</legend>
            <span aria-hidden>Forme :</span>
            {KINDS.map(([kind, name]) => (
              <label key={kind} className="flex items-center gap-1">
                <input type="radio" name="occlusion-kind" className="accent-nebula-500" checked={drawKind === kind} onChange={() => setDrawKind(kind)} />
                {name}
              </label>
            ))}
          </fieldset>
          <div
            ref={frame}
            className="relative inline-block max-w-full touch-none select-none"
            onPointerDown={startDrag}
            onPointerMove={(e) => drag && setDrag({ ...drag, to: pointAt(e) })}
            onPointerUp={endDrag}
            onPointerCancel={() => setDrag(null)}
            data-testid="occlusion-canvas"
          >
            <img src={image} alt="Image à masquer" className="block max-h-[60vh] max-w-full" draggable={false} />
            <svg className="absolute inset-0 h-full w-full" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden>
              {[...shapes, ...(draft ? [{ ...draft, kind: drawKind }] : [])].map((s, i) => {
                const paint = {
                  fill: MASK_STYLE.asked.fill,
                  fillOpacity: 0.7,
                  stroke: i === selected ? '#22d3ee' : MASK_STYLE.asked.stroke,
                  strokeWidth: i === selected ? 3 : 1.5,
                  vectorEffect: 'non-scaling-stroke' as const,
                };
                return s.kind === 'ellipse' ? (
                  <ellipse key={i} cx={s.left + s.width / 2} cy={s.top + s.height / 2} rx={s.width / 2} ry={s.height / 2} data-shape="ellipse" {...paint} />
                ) : (
                  <rect key={i} x={s.left} y={s.top} width={s.width} height={s.height} data-shape="rect" {...paint} />
                );
              })}
            </svg>
          </div>
          <button type="button" className="btn-ghost" disabled={full || busy} onClick={() => add(fitShape({ kind: drawKind, left: 0.4, top: 0.4, width: 0.2, height: 0.2, label: '' }))}>
            Ajouter une zone
          </button>
          <ol className="space-y-2" aria-label="Zones masquées">
            {shapes.map((shape, index) => (
              <li key={index} className="rounded-md border border-space-600 p-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <button type="button" className={`btn-ghost px-2 py-1 ${index === selected ? 'ring-2 ring-cyan-400' : ''}`} aria-describedby="occlusion-help" onFocus={() => setSelected(index)} onKeyDown={moveByKeys(index)}>
                    Zone {index + 1} : {describeShape(shape)}
                  </button>
                  <button type="button" className="btn-ghost px-2 py-1" aria-label={`Supprimer la zone ${index + 1}`} onClick={() => remove(index)}>
                    Supprimer
                  </button>
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  {FIELDS.map(([key, name]) => (
                    <label key={key} className="flex items-center gap-1 text-xs text-slate-300">
                      {name} (%)
                      <input
                        type="number"
                        className="field w-20 py-1"
                        min={0}
                        max={100}
                        step={1}
                        value={Math.round(shape[key] * 1000) / 10}
                        onChange={(e) => e.target.value !== '' && change(index, (s) => fitShape({ ...s, [key]: Number(e.target.value) / 100 }))}
                      />
                    </label>
                  ))}
                  <label className="flex items-center gap-1 text-xs text-slate-300">
                    Forme
                    <select className="field py-1" value={shape.kind ?? 'rect'} onChange={(e) => change(index, (s) => ({ ...s, kind: e.target.value as OcclusionKind }))}>
                      {KINDS.map(([kind, name]) => (
                        <option key={kind} value={kind}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="flex min-w-40 flex-1 items-center gap-1 text-xs text-slate-300">
                    Réponse
                    <input className="field py-1" value={shape.label} placeholder={`Zone ${index + 1}`} onChange={(e) => change(index, (s) => ({ ...s, label: e.target.value }))} />
                  </label>
                </div>
              </li>
            ))}
          </ol>
          <fieldset className="space-y-1 text-sm text-slate-300">
            <legend className="mb-1">Cartes</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="occlusion-mode" className="accent-nebula-500" checked={mode === 'hide_one'} onChange={() => setMode('hide_one')} />
              Masquer une zone, deviner une zone
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="occlusion-mode" className="accent-nebula-500" checked={mode === 'hide_all'} onChange={() => setMode('hide_all')} />
              Masquer toutes les zones, deviner une zone
            </label>
          </fieldset>
          <label className="block text-sm">
            <span className="mb-1 block text-slate-300">Question (facultative)</span>
            <input className="field" value={header} placeholder="Que cache la zone masquée ?" disabled={busy} onChange={(e) => setHeader(e.target.value)} />
          </label>
          {!editing && (
            <label className="block text-sm">
              <span className="mb-1 block text-slate-300">Tags</span>
              <input className="field" placeholder="séparés par des virgules" value={tags} disabled={busy} onChange={(e) => setTags(e.target.value)} />
            </label>
          )}
          {newer && (
            <div ref={choice} tabIndex={-1} role="alert" aria-labelledby="occlusion-stale-title" className="space-y-2 rounded-md border border-amber-500/60 bg-amber-950/40 p-3 text-sm">
              <p id="occlusion-stale-title" className="font-semibold text-amber-200">
                Zones modifiées ailleurs
              </p>
              <p className="text-slate-200">{STALE_ZONES_TEXT}</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-primary" disabled={busy} onClick={() => void resolve('keep')}>
                  Garder mes zones
                </button>
                <button type="button" className="btn-ghost" disabled={busy} onClick={() => void resolve('load')}>
                  Charger les nouvelles
                </button>
              </div>
            </div>
          )}
          <button type="submit" className="btn-primary" disabled={shapes.length === 0 || busy || newer !== null}>
            {editing ? 'Enregistrer les zones' : shapes.length === 1 ? 'Créer 1 carte' : `Créer ${shapes.length} cartes`}
          </button>
        </>
      )}
    </form>
  );
}
