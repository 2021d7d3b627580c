/**
 * 'Calendrier des révisions' on the dashboard: the last 365 study days of the person's
 * time zone as a week-by-week calendar (GitHub style, Monday first, today at the right
 * end), shaded by answers, with the current and the longest streak outlined. It is a
 * table: each day cell says its date and count in words (and as a tooltip), each column
 * header names its week, and the scrolling frame is focusable so a keyboard can scroll it
 * on a phone. The frame starts scrolled to today.
 */
import { useLayoutEffect, useRef } from 'react';
import { statsApi, type ReviewHeatmap as Heatmap } from '../../api/stats';
import { Spinner } from '../../ui/Spinner';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';

type Day = Heatmap['days'][number];
type Streak = NonNullable<Heatmap['longest_streak']>;

const WEEKDAYS = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'] as const;
const LEVELS = ['bg-space-700', 'bg-nebula-500/35', 'bg-nebula-500/60', 'bg-nebula-500/85', 'bg-nebula-400'] as const;

// Day keys are calendar dates: read and written in UTC so no zone shifts them.
const dateOf = (key: string) => new Date(`${key}T00:00:00Z`);
const longDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const monthName = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'short' });
const weekdayIndex = (key: string) => (dateOf(key).getUTCDay() + 6) % 7;
const plural = (n: number, word: string) => `${n.toLocaleString('fr-FR')} ${word}${n > 1 ? 's' : ''}`;
const inStreak = (streak: Streak | null, key: string) => !!streak && key >= streak.start && key <= streak.end;

/** Weeks (Monday to Sunday) covering the days; null where a week reaches outside them. */
function weeksOf(days: readonly Day[]): (Day | null)[][] {
  const cells: (Day | null)[] = [...Array<null>(weekdayIndex(days[0]!.date)).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Shade 0 for no answer, then 1-4 by quarters of the busiest day. */
const levelOf = (count: number, max: number) => (count === 0 ? 0 : Math.max(1, Math.ceil((count / max) * 4)));

function streakText(streak: Streak | null) {
  if (!streak) return 'aucune';
  if (streak.days === 1) return `1 jour (le ${shortDate.format(dateOf(streak.start))})`;
  return `${plural(streak.days, 'jour')} (du ${shortDate.format(dateOf(streak.start))} au ${shortDate.format(dateOf(streak.end))})`;
}

function DayCell({ day, max, current, longest }: { day: Day | null; max: number; current: Streak | null; longest: Streak | null }) {
  if (!day) return <td className="p-0" />;
  const marks = [inStreak(current, day.date) && 'série en cours', inStreak(longest, day.date) && 'plus longue série'].filter(Boolean);
  const label = `${longDate.format(dateOf(day.date))} : ${day.review_count === 0 ? 'aucune révision' : plural(day.review_count, 'révision')}${marks.length ? ` (${marks.join(', ')})` : ''}`;
  const outline = inStreak(current, day.date) ? 'outline outline-2 outline-amber-300' : inStreak(longest, day.date) ? 'outline-dashed outline-2 outline-sky-300' : '';
  return (
    <td className="p-[1.5px]" data-date={day.date} data-count={day.review_count}>
      <span className={`block h-3 w-3 rounded-sm ${LEVELS[levelOf(day.review_count, max)]} ${outline}`} title={label} aria-hidden />
      <span className="sr-only">{label}</span>
    </td>
  );
}

function Calendar({ heatmap }: { heatmap: Heatmap }) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (frame.current) frame.current.scrollLeft = frame.current.scrollWidth;
  }, [heatmap]);
  const weeks = weeksOf(heatmap.days);
  const max = Math.max(1, ...heatmap.days.map((d) => d.review_count));
  const { current_streak: current, longest_streak: longest } = heatmap;
  return (
    <div ref={frame} role="region" aria-label="Calendrier des révisions, défilable" tabIndex={0} data-own-arrow-keys className="relative overflow-x-auto pb-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-nebula-400">
      <table className="border-separate border-spacing-0 text-[10px] leading-none text-slate-400">
        <caption className="sr-only">Révisions par jour sur les 12 derniers mois, une colonne par semaine</caption>
        <thead>
          <tr>
            <td className="sticky left-0 bg-space-900" />
            {weeks.map((week, w) => {
              const first = week.find((d) => d)!;
              const monthStarts = week.find((d) => d && d.date.endsWith('-01')) ?? (w === 0 ? first : null);
              return (
                <th key={first.date} scope="col" className="relative h-4 p-0 text-left font-normal">
                  {/* Outside the flow so a month's name does not widen its week. */}
                  <span className="absolute left-0 top-0 whitespace-nowrap" aria-hidden>
                    {monthStarts ? monthName.format(dateOf(monthStarts.date)).replace('.', '') : ''}
                  </span>
                  <span className="sr-only">Semaine du {shortDate.format(dateOf(first.date))}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((name, row) => (
            <tr key={name}>
              <th scope="row" className="sticky left-0 z-10 bg-space-900 pr-1 text-left font-normal">
                {row % 2 === 0 ? name : <span className="sr-only">{name}</span>}
              </th>
              {weeks.map((week) => (
                <DayCell key={week.find((d) => d)!.date} day={week[row]!} max={max} current={current} longest={longest} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A streak in words, after the mark that outlines its days in the calendar. */
function StreakRow({ label, mark, testId, streak }: { label: string; mark: string; testId: string; streak: Parameters<typeof streakText>[0] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <dt className="flex items-center gap-2 whitespace-nowrap text-slate-400">
        <span className={`h-3 w-3 shrink-0 rounded-sm outline-2 ${mark}`} aria-hidden />
        {label}
      </dt>
      <dd data-testid={testId}>{streakText(streak)}</dd>
    </div>
  );
}

export function ReviewHeatmap() {
  const heatmap = useLoad(() => statsApi.heatmap(), []);
  return (
    <section className="card space-y-3" aria-labelledby="heatmap-title" data-testid="review-heatmap">
      <h2 id="heatmap-title" className="text-lg font-semibold">
        Calendrier des révisions
      </h2>
      {heatmap.phase === 'loading' && <Spinner />}
      {heatmap.phase === 'error' && (
        <p role="alert" className="text-sm text-red-300">
          {errorText(heatmap.error, 'Impossible de charger le calendrier des révisions.')}
        </p>
      )}
      {heatmap.phase === 'loaded' && (
        <>
          <p className="text-sm text-slate-300">
            {heatmap.data.total_reviews_count === 0
              ? 'Aucune révision sur les 12 derniers mois : chaque jour de révision apparaîtra ici.'
              : `${plural(heatmap.data.total_reviews_count, 'révision')} sur les 12 derniers mois, ${plural(heatmap.data.active_days_count, 'jour')} de révision.`}
          </p>
          <dl className="grid gap-1 text-sm lg:grid-cols-2">
            <StreakRow label="Série en cours :" mark="outline outline-amber-300" testId="current-streak" streak={heatmap.data.current_streak} />
            <StreakRow label="Plus longue série :" mark="outline-dashed outline-sky-300" testId="longest-streak" streak={heatmap.data.longest_streak} />
          </dl>
          <Calendar heatmap={heatmap.data} />
          <p className="flex items-center gap-1 text-xs text-slate-400" aria-hidden>
            Moins
            {LEVELS.map((shade) => (
              <span key={shade} className={`h-3 w-3 rounded-sm ${shade}`} />
            ))}
            Plus
          </p>
        </>
      )}
    </section>
  );
}
