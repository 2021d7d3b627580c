/**
 * The legend 'Mastery Levels': the five levels, each with the colour a star of that level has
 * under the person's `galaxy_color_scheme` (the default gradient only for the default scheme).
 */
import { MASTERY_LEVELS } from '@domain/galaxy-colors';
import { galaxySchemeColor, type Preferences } from '@domain/preferences';
import { GALAXY_TEXT } from './constants';

export function MasteryLegend({ scheme }: { scheme: Preferences['galaxy_color_scheme'] }) {
  return (
    <section lang="en" aria-labelledby="galaxy-legend" className="rounded-xl border border-space-600/70 bg-space-900/90 px-4 py-3 text-sm text-slate-200 shadow-lg">
      <h2 id="galaxy-legend" className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-300">
        {GALAXY_TEXT.legend}
      </h2>
      <ul className="space-y-1">
        {MASTERY_LEVELS.map((level) => {
          // The level's midpoint through the same function that colours the stars.
          const color = galaxySchemeColor(scheme, (level.from + level.to) / 2, level.color);
          return (
            <li key={level.name} className="flex items-center gap-2">
              <span data-testid="legend-swatch" className="h-3 w-3 rounded-full" style={{ background: color, boxShadow: `0 0 8px ${color}` }} />
              {level.name} ({level.range})
            </li>
          );
        })}
      </ul>
    </section>
  );
}
