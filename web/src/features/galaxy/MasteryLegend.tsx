/** The legend 'Mastery Levels': the five levels with their colour on the galaxy's gradient. */
import { MASTERY_LEVELS } from '@domain/galaxy-colors';
import { GALAXY_TEXT } from './constants';

export function MasteryLegend() {
  return (
    <section aria-labelledby="galaxy-legend" className="rounded-xl border border-space-600/70 bg-space-900/75 px-4 py-3 text-sm text-slate-200 shadow-lg backdrop-blur">
      <h2 id="galaxy-legend" className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-300">
        {GALAXY_TEXT.legend}
      </h2>
      <ul className="space-y-1">
        {MASTERY_LEVELS.map((level) => (
          <li key={level.name} className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-full" style={{ background: level.color, boxShadow: `0 0 8px ${level.color}` }} />
            {level.name} ({level.range})
          </li>
        ))}
      </ul>
    </section>
  );
}
