/**
 * The explorer's tiles (spec document 3 §2.5, §9): 110 x 50 px, an excerpt tooltip, a
 * 'Voir Concept' button. In normal mode they flow in a grid (20 px gap) and a click goes
 * one level down; in move mode they sit at local positions (first laid out 8 a row,
 * 130 x 70 apart) and can be dragged, or moved with the arrow keys. Positions are never saved.
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useNavigate } from 'react-router';
import type { HierarchyItem } from '../../api/hierarchy';
import { cutText } from '../concepts/format';

export const TILE_WIDTH = 110;
export const TILE_HEIGHT = 50;
export const MOVE_LAYOUT = { perRow: 8, spacingX: 130, spacingY: 70 };
const KEY_STEP = 10;

export interface TilePosition {
  id: number;
  x: number;
  y: number;
}

export function initialPositions(items: HierarchyItem[]): Record<number, TilePosition> {
  const positions: Record<number, TilePosition> = {};
  items.forEach((item, index) => {
    positions[item.id] = { id: item.id, x: (index % MOVE_LAYOUT.perRow) * MOVE_LAYOUT.spacingX, y: Math.floor(index / MOVE_LAYOUT.perRow) * MOVE_LAYOUT.spacingY };
  });
  return positions;
}

export const tooltipOf = (item: HierarchyItem) => cutText(item.excerpt, 150, '…');

function Tile({ item, moving, onOpen }: { item: HierarchyItem; moving: boolean; onOpen(): void }) {
  const navigate = useNavigate();
  return (
    <div className="group relative" style={{ width: TILE_WIDTH, height: TILE_HEIGHT }} title={tooltipOf(item) || undefined}>
      <button
        type="button"
        data-testid="hierarchy-tile"
        className={`h-full w-full overflow-hidden rounded-lg border border-space-600 bg-space-800 px-2 pr-6 text-left text-xs leading-tight font-medium text-slate-100 shadow ${moving ? 'cursor-grab' : 'hover:border-nebula-400 hover:bg-space-700'}`}
        onClick={moving ? undefined : onOpen}
      >
        <span className="line-clamp-2 [overflow-wrap:anywhere]">{item.title || 'Sans titre'}</span>
      </button>
      <button
        type="button"
        aria-label={`Voir Concept ${item.title}`}
        title={`Voir Concept ${item.title}`}
        className="absolute top-0 right-0 flex h-6 w-6 items-center justify-center rounded text-xs text-nebula-400 hover:bg-space-600"
        onClick={() => navigate(`/concepts/${item.id}`)}
      >
        ↗
      </button>
    </div>
  );
}

export function HierarchyTiles({ items, moving }: { items: HierarchyItem[]; moving: boolean }) {
  const navigate = useNavigate();
  const [positions, setPositions] = useState(() => initialPositions(items));
  const [drag, setDrag] = useState<{ id: number; dx: number; dy: number } | null>(null);
  const open = (item: HierarchyItem) => navigate(`/explore-hierarchy/${item.id}`);

  if (!moving) {
    return (
      <div className="flex flex-wrap gap-5">
        {items.map((item) => (
          <Tile key={item.id} item={item} moving={false} onOpen={() => open(item)} />
        ))}
      </div>
    );
  }

  const place = (id: number, x: number, y: number) => setPositions((p) => ({ ...p, [id]: { id, x: Math.max(0, x), y: Math.max(0, y) } }));
  const startDrag = (e: PointerEvent<HTMLDivElement>, id: number) => {
    if ((e.target as Element).closest('[aria-label^="Voir Concept"]')) return;
    const at = positions[id] ?? { x: 0, y: 0 };
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ id, dx: e.clientX - at.x, dy: e.clientY - at.y });
  };
  const moveDrag = (e: PointerEvent<HTMLDivElement>) => drag && place(drag.id, e.clientX - drag.dx, e.clientY - drag.dy);
  const nudge = (e: KeyboardEvent<HTMLDivElement>, id: number) => {
    const step: Record<string, [number, number]> = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] };
    const delta = step[e.key];
    const at = positions[id];
    if (!delta || !at) return;
    e.preventDefault();
    place(id, at.x + delta[0], at.y + delta[1]);
  };
  const extent = Object.values(positions).reduce((m, p) => ({ w: Math.max(m.w, p.x + TILE_WIDTH), h: Math.max(m.h, p.y + TILE_HEIGHT) }), { w: 0, h: 0 });

  return (
    <div className="relative overflow-auto rounded-lg border border-dashed border-space-600 p-2" style={{ minHeight: extent.h + 40 }}>
      <div className="relative" style={{ width: extent.w + 20, height: extent.h + 20 }}>
        {items.map((item) => {
          const at = positions[item.id] ?? { x: 0, y: 0 };
          return (
            <div
              key={item.id}
              data-tile-id={item.id}
              className={`absolute touch-none ${drag?.id === item.id ? 'z-10 opacity-90' : ''}`}
              style={{ left: at.x, top: at.y }}
              onPointerDown={(e) => startDrag(e, item.id)}
              onPointerMove={moveDrag}
              onPointerUp={() => setDrag(null)}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={(e) => nudge(e, item.id)}
            >
              <Tile item={item} moving onOpen={() => open(item)} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
