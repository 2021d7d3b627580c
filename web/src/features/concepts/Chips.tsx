/** Tag and constellation chips with their links, and the mastery bar of a concept. */
import { Link } from 'react-router';
import { masteryColor, masteryLabel, masteryPercent } from '@domain/mastery';
import type { ConstellationRef, TagRef } from '../../api/concepts';

export const tagPath = (name: string) => `/tags/${encodeURIComponent(name)}`;
export const constellationPath = (id: number) => `/constellations/${id}/concepts`;

export function TagChips({ tags, highlight }: { tags: TagRef[]; highlight?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.map((tag) => {
        const current = highlight !== undefined && tag.name.toLowerCase() === highlight.toLowerCase();
        return (
          <li key={tag.id}>
            <Link
              to={tagPath(tag.name)}
              aria-current={current ? 'page' : undefined}
              className={`inline-block rounded-full border px-2 py-0.5 text-xs ${current ? 'border-nebula-400 bg-nebula-500 text-white' : 'border-space-600 bg-space-800 text-slate-300 hover:border-nebula-400'}`}
            >
              #{tag.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function ConstellationChips({ constellations }: { constellations: ConstellationRef[] }) {
  if (constellations.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Constellations">
      {constellations.map((c) => (
        <li key={c.id}>
          <Link
            to={constellationPath(c.id)}
            className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs text-slate-100 hover:brightness-125"
            style={{ borderColor: c.color, backgroundColor: `${c.color}55` }}
          >
            {c.icon && <span aria-hidden="true">{c.icon}</span>}
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MasteryBar({ level }: { level: number | null }) {
  const label = masteryLabel(level);
  return (
    <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={masteryPercent(level)} title={label} className="h-1.5 w-full overflow-hidden rounded-full bg-space-700">
      <div className="h-full rounded-full" style={{ width: `${masteryPercent(level)}%`, backgroundColor: masteryColor(level) }} />
    </div>
  );
}
