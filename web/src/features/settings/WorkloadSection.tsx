/**
 * The Study tab's workload tools: load balancing, easy days, sibling burying,
 * leeches and the backlog order, Anki's defaults. Each control says what it will do, and
 * the easy days end with the week they give (which days take fewer reviews).
 */
import { EASY_DAY_LOADS, LEECH_ACTIONS, LEECH_THRESHOLD_RANGE, REVIEW_ORDERS, type Preferences } from '@domain/preferences';
import { NumberInput, Section, Select, Switch } from './fields';
import type { TabProps } from './PreferenceTabs';

type DayLoad = Preferences['easy_days'][number];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const LOAD_LABELS: Record<DayLoad, string> = { normal: 'Normal', reduced: 'Reduced', minimum: 'Minimum' };
const LEECH_ACTION_LABELS: Record<Preferences['leech_action'], string> = { suspend: 'Tag and suspend', tag: 'Tag only' };
const ORDER_LABELS: Record<Preferences['review_order'], string> = { due: 'Due date', retrievability: 'Lowest retrievability', random: 'Random' };
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => [v, labels[v]] as const);

/** 'Saturday: reduced, Sunday: minimum' — or that every day takes its normal share. */
export function easyDaysSummary(days: readonly DayLoad[], balancing: boolean): string {
  if (!balancing) return 'Easy days apply only with load balancing on.';
  const light = WEEKDAYS.map((day, i) => [day, days[i] ?? 'normal'] as const).filter(([, load]) => load !== 'normal');
  if (light.length === 0) return 'Every day takes its normal share of reviews.';
  if (light.length === WEEKDAYS.length && light.every(([, l]) => l === 'minimum')) return 'Every day is a minimum day: reviews are spread as if all were normal.';
  return `Fewer reviews on ${light.map(([day, load]) => `${day} (${LOAD_LABELS[load].toLowerCase()})`).join(', ')}.`;
}

export function WorkloadSection({ draft, set, errors }: TabProps) {
  const setDay = (index: number, load: DayLoad) => {
    const days = [...draft.easy_days] as Preferences['easy_days'];
    days[index] = load;
    set('easy_days', days);
  };
  return (
    <Section title="Workload">
      <Switch
        label="Load balancing"
        hint="Spread reviews evenly: each answer goes to the least busy day its interval allows."
        checked={draft.load_balancing}
        onChange={(v) => set('load_balancing', v)}
      />
      <fieldset className="py-3" aria-describedby="easy-days-hint easy-days-effect">
        <legend className="text-sm font-medium text-slate-100">Easy days</legend>
        <p id="easy-days-hint" className="text-xs text-slate-400">
          A reduced day takes about half a normal day's reviews; a minimum day only those no other day can take.
        </p>
        <div className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
          {WEEKDAYS.map((day, i) => (
            <Select key={day} label={day} value={draft.easy_days[i]!} disabled={!draft.load_balancing} options={options(EASY_DAY_LOADS, LOAD_LABELS)} onChange={(v) => setDay(i, v)} />
          ))}
        </div>
        <p id="easy-days-effect" className="text-sm text-slate-200" data-testid="easy-days-effect">
          {easyDaysSummary(draft.easy_days, draft.load_balancing)}
        </p>
        {errors.easy_days && (
          <p role="alert" className="text-xs text-red-400">
            {errors.easy_days}
          </p>
        )}
      </fieldset>
      <Switch
        label="Bury siblings"
        hint="Once a card of a concept is answered, its other cards (a reversed card too) wait until tomorrow."
        checked={draft.bury_siblings}
        onChange={(v) => set('bury_siblings', v)}
      />
      <NumberInput
        label="Leech threshold (lapses)"
        hint={`A card forgotten ${Number.isFinite(draft.leech_threshold) ? draft.leech_threshold : '…'} times is tagged 'sangsue' and listed on the dashboard.`}
        value={draft.leech_threshold}
        min={LEECH_THRESHOLD_RANGE.min}
        max={LEECH_THRESHOLD_RANGE.max}
        error={errors.leech_threshold}
        onChange={(v) => set('leech_threshold', v)}
      />
      <Select
        label="Leech action"
        hint={draft.leech_action === 'suspend' ? 'A leech leaves your reviews until you rewrite or reactivate it.' : 'A leech stays in your reviews, tagged.'}
        value={draft.leech_action}
        options={options(LEECH_ACTIONS, LEECH_ACTION_LABELS)}
        onChange={(v) => set('leech_action', v)}
      />
      <Select
        label="Review order"
        hint="Which due cards come first when more are due than a session takes."
        value={draft.review_order}
        options={options(REVIEW_ORDERS, ORDER_LABELS)}
        onChange={(v) => set('review_order', v)}
      />
    </Section>
  );
}
