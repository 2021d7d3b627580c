/** The four preference tabs of /settings (Notifications, Study, Interface, Content); English as the spec says. */
import {
  AUTO_REVEAL_SECONDS,
  BACKUP_FREQUENCIES,
  CONCEPT_SORT_ORDERS,
  CONCEPT_VIEWS,
  GALAXY_COLOR_SCHEMES,
  TEXT_SIZES,
  NEW_CARDS_RANGE,
  NOTIFICATION_FREQUENCIES,
  RETENTION_RANGE,
  SESSION_DURATION_RANGE,
  STUDY_METHODS,
  THEMES,
  galaxyTurns,
  type Preferences,
} from '@domain/preferences';
import { REDUCED_MOTION, useMediaQuery } from '../../lib/use-media-query';
import { NumberInput, Section, Select, Switch, TextInput, TimeInput } from './fields';
import { WorkloadSection } from './WorkloadSection';

export interface TabProps {
  draft: Preferences;
  set<K extends keyof Preferences>(field: K, value: Preferences[K]): void;
  errors: Partial<Record<keyof Preferences, string>>;
}

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => [v, labels[v]] as const);

export function NotificationsTab({ draft, set, errors }: TabProps) {
  const off = !draft.notifications_enabled;
  return (
    <Section title="Notifications">
      <Switch label="Enable notifications" hint="Study reminders and updates on this device." checked={draft.notifications_enabled} onChange={(v) => set('notifications_enabled', v)} />
      <TimeInput label="Daily reminder time" hint="In your own time zone." value={draft.daily_reminder_time} disabled={off} error={errors.daily_reminder_time} onChange={(v) => set('daily_reminder_time', v)} />
      <Switch label="Review reminders" hint="A daily push with the number of cards due." checked={draft.review_reminders} disabled={off} onChange={(v) => set('review_reminders', v)} />
      <Switch label="Progress notifications" hint="A summary when you finish a study session." checked={draft.progress_notifications} disabled={off} onChange={(v) => set('progress_notifications', v)} />
      <Switch label="Achievement notifications" hint="Study streaks (3, 7, 14, 30… days) and answer milestones." checked={draft.achievement_notifications} disabled={off} onChange={(v) => set('achievement_notifications', v)} />
      <Select
        label="Notification frequency"
        hint="Progress and achievements: as they happen, one push an hour, or one digest at your reminder time."
        value={draft.notification_frequency}
        disabled={off}
        options={labelled(NOTIFICATION_FREQUENCIES, { immediate: 'Immediate', batched: 'Batched (hourly)', daily: 'Daily (digest)' })}
        onChange={(v) => set('notification_frequency', v)}
      />
    </Section>
  );
}

function StudySection({ draft, set, errors }: TabProps) {
  return (
    <Section title="Study">
      <Select
        label="Preferred study method"
        hint="Preselected on the Study screen."
        value={draft.preferred_study_method}
        options={labelled(STUDY_METHODS, { FLASHCARDS: 'Flashcards', BLURTING: 'Blurting', FEYNMAN: 'Feynman', CORNELL: 'Cornell', COMPOSITE: 'Composite' })}
        onChange={(v) => set('preferred_study_method', v)}
      />
      <NumberInput
        label="Session duration limit (minutes)"
        hint="The session offers to finish when this time is reached."
        value={draft.session_duration_limit}
        min={SESSION_DURATION_RANGE.min}
        max={SESSION_DURATION_RANGE.max}
        error={errors.session_duration_limit}
        onChange={(v) => set('session_duration_limit', v)}
      />
      <Switch label="Break reminders" hint="A gentle prompt every 25 minutes of continuous study." checked={draft.break_reminders} onChange={(v) => set('break_reminders', v)} />
      <Switch label="Auto-advance cards" hint={`Show the answer by itself after ${AUTO_REVEAL_SECONDS} seconds on a question (you still rate every card).`} checked={draft.auto_advance_cards} onChange={(v) => set('auto_advance_cards', v)} />
      <Switch
        label="Read cards aloud"
        hint="Speak each question when it appears and each answer when it is revealed, in the card's language (L reads the shown side on demand)."
        checked={draft.read_aloud}
        onChange={(v) => set('read_aloud', v)}
      />
      <Switch
        label="Ignore case and accents in typed answers"
        hint={
          draft.typed_answer_tolerant
            ? "On cards where you type the answer, 'etat' and 'État' both match 'état': only other letters count as mistakes."
            : "On cards where you type the answer, every character must match: 'etat' for 'état' shows the missing accent as a mistake."
        }
        checked={draft.typed_answer_tolerant}
        onChange={(v) => set('typed_answer_tolerant', v)}
      />
      <NumberInput label="New cards per day" value={draft.new_cards_per_day} min={NEW_CARDS_RANGE.min} max={NEW_CARDS_RANGE.max} error={errors.new_cards_per_day} onChange={(v) => set('new_cards_per_day', v)} />
      <NumberInput
        label="Desired retention"
        hint="The chance of remembering a card when it comes back: higher means shorter intervals and more reviews (0.70–0.97)."
        value={draft.desired_retention}
        min={RETENTION_RANGE.min}
        max={RETENTION_RANGE.max}
        step={0.01}
        error={errors.desired_retention}
        onChange={(v) => set('desired_retention', v)}
      />
      <Switch label="Automatic FSRS optimisation" hint="Refit your FSRS parameters in the background (after 400 reviews, then monthly or every 1,000 reviews), kept only when they predict your memory better." checked={draft.auto_optimize} onChange={(v) => set('auto_optimize', v)} />
    </Section>
  );
}

export function StudyTab(props: TabProps) {
  return (
    <>
      <StudySection {...props} />
      <WorkloadSection {...props} />
    </>
  );
}

const THEME_LABELS: Record<Preferences['theme'], string> = { dark: 'Dark', light: 'Light', auto: 'Auto (system)' };

function ThemePicker({ value, onChange }: { value: Preferences['theme']; onChange(theme: Preferences['theme']): void }) {
  return (
    <div className="py-3">
      <p className="mb-2 text-sm font-medium text-slate-100" id="theme-label">
        Theme
      </p>
      <div role="radiogroup" aria-labelledby="theme-label" className="grid grid-cols-3 gap-2">
        {(['dark', 'light', 'auto'] as const satisfies readonly (typeof THEMES)[number][]).map((theme) => (
          <button
            key={theme}
            type="button"
            role="radio"
            aria-checked={value === theme}
            onClick={() => onChange(theme)}
            className={`rounded-lg border p-2 text-left text-sm transition ${value === theme ? 'border-nebula-400 ring-2 ring-nebula-400/40' : 'border-space-600 hover:border-nebula-400/60'}`}
          >
            <span aria-hidden className={`mb-2 block h-10 rounded-md border border-black/10 ${theme === 'dark' ? 'bg-[#130d24]' : theme === 'light' ? 'bg-[#f5f3fb]' : 'bg-[linear-gradient(135deg,#130d24_50%,#f5f3fb_50%)]'}`} />
            {THEME_LABELS[theme]}
          </button>
        ))}
      </div>
    </div>
  );
}

export function InterfaceTab({ draft, set }: TabProps) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  return (
    <Section title="Interface">
      <ThemePicker value={draft.theme} onChange={(v) => set('theme', v)} />
      <Select label="Default concept view" value={draft.default_concept_view} options={labelled(CONCEPT_VIEWS, { card: 'Cards', list: 'List' })} onChange={(v) => set('default_concept_view', v)} />
      <Select
        label="Concept sort order"
        value={draft.concept_sort_order}
        options={labelled(CONCEPT_SORT_ORDERS, { updated_desc: 'Recently updated', created_desc: 'Recently created', title_asc: 'Title (A–Z)', mastery_desc: 'Mastery (highest first)' })}
        onChange={(v) => set('concept_sort_order', v)}
      />
      {/* Shows whether the galaxy turns: off while the system reduces motion, until the person turns it on here. */}
      <Switch
        label="Galaxy animation"
        hint={reducedMotion && !draft.galaxy_animation_chosen ? 'Slow rotation of the galaxy view. Off because your system asks for reduced motion; turn it on to animate anyway.' : 'Slow rotation of the galaxy view.'}
        checked={galaxyTurns(draft, reducedMotion)}
        onChange={(v) => {
          set('galaxy_animation_enabled', v);
          set('galaxy_animation_chosen', true);
        }}
      />
      <Select
        label="Galaxy colour scheme"
        value={draft.galaxy_color_scheme}
        options={labelled(GALAXY_COLOR_SCHEMES, { default: 'Default (mastery)', cosmic: 'Cosmic', nature: 'Nature', monochrome: 'Monochrome' })}
        onChange={(v) => set('galaxy_color_scheme', v)}
      />
      <Select label="Text size" value={draft.text_size} options={labelled(TEXT_SIZES, { normal: 'Normal', large: 'Large', larger: 'Larger' })} onChange={(v) => set('text_size', v)} />
      <Switch label="Readable font" hint="Atkinson Hyperlegible, wider spacing, in the review and reading views." checked={draft.readable_font} onChange={(v) => set('readable_font', v)} />
    </Section>
  );
}

export function ContentTab({ draft, set, errors }: TabProps) {
  return (
    <Section title="Content">
      <TextInput
        label="Default concept category"
        hint="Filled in on new concepts; leave empty for none."
        value={draft.default_concept_category ?? ''}
        placeholder="None"
        error={errors.default_concept_category}
        onChange={(v) => set('default_concept_category', v === '' ? null : v)}
      />
      <Switch label="Auto-link concepts" hint="Suggest links to concepts whose titles appear in a page." checked={draft.auto_link_enabled} onChange={(v) => set('auto_link_enabled', v)} />
      <Switch label="Auto-extract on import" hint="Analyse imported content for concepts right away." checked={draft.auto_extract_enabled} onChange={(v) => set('auto_extract_enabled', v)} />
    </Section>
  );
}

/** Sits above the Data tab's own content: how often to be reminded to back up. */
export function BackupFrequency({ draft, set }: TabProps) {
  return (
    <Section title="Backups">
      <Select
        label="Backup reminder"
        hint="A banner offers a one-click JSON export when a backup is due."
        value={draft.data_backup_frequency}
        options={labelled(BACKUP_FREQUENCIES, { never: 'Never', weekly: 'Weekly', monthly: 'Monthly' })}
        onChange={(v) => set('data_backup_frequency', v)}
      />
    </Section>
  );
}
