/**
 * /settings (spec document 3 §2.7): six tabs. Four edit the person's preferences as one
 * draft (kept across tab switches) with an 'Unsaved changes' badge, 'Reset to Defaults'
 * and 'Save Changes'; Data and Privacy hold their own actions. A failed save
 * keeps the draft so nothing typed is lost. `?tab=data` opens a tab directly.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PREFERENCES, preferencesSchema, type PreferenceField, type Preferences } from '@domain/preferences';
import { ApiRequestError } from '../../api/client';
import { preferencesApi } from '../../api/preferences';
import { ConfirmDialog } from '../../ui/Dialog';
import { useToast } from '../../ui/Toasts';
import { Tabs } from '../flashcards/Tabs';
import { DataTab } from './DataTab';
import { BackupFrequency, ContentTab, InterfaceTab, NotificationsTab, StudyTab, type TabProps } from './PreferenceTabs';
import { PrivacyTab } from './PrivacyTab';
import { usePreferences } from './preferences-context';

export const SETTINGS_TABS = ['Notifications', 'Study', 'Interface', 'Content', 'Data', 'Privacy'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];
type Errors = TabProps['errors'];

const tabOf = (value: string | null): SettingsTab => SETTINGS_TABS.find((t) => t.toLowerCase() === value?.toLowerCase()) ?? 'Notifications';
const PREFERENCE_TABS: Partial<Record<SettingsTab, (props: TabProps) => React.JSX.Element>> = {
  Notifications: NotificationsTab,
  Study: StudyTab,
  Interface: InterfaceTab,
  Content: ContentTab,
};

/** Field → message, from the shared schema on the page or from the server's 422 list. */
function errorsOf(issues: { path: (string | number)[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path[0] as keyof Preferences] ??= issue.message;
  return errors;
}

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiRequestError) || error.status !== 422 || !Array.isArray(error.detail)) return {};
  return errorsOf((error.detail as { loc: (string | number)[]; msg: string }[]).map((d) => ({ path: d.loc.slice(1), message: d.msg })));
}

/** What 'Reset to Defaults' loses: each saved choice that is not the default ('theme: light'). */
export function resetLosses(saved: Preferences): string {
  const changed = (Object.keys(DEFAULT_PREFERENCES) as PreferenceField[]).filter((f) => saved[f] !== DEFAULT_PREFERENCES[f]);
  if (changed.length === 0) return 'Every setting is already at its default value.';
  return `Your saved choices will be lost: ${changed.map((f) => `${f.replace(/_/g, ' ')}: ${String(saved[f])}`).join(', ')}.`;
}

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const toast = useToast();
  const { preferences: saved, loaded, loadFailed, replace } = usePreferences();
  const [draft, setDraft] = useState<Preferences>(saved);
  const [serverIssues, setServerIssues] = useState<Errors>({});
  const [busy, setBusy] = useState<null | 'save' | 'reset'>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const warned = useRef(false);

  // The draft starts from what the server answered once it has.
  useEffect(() => {
    if (loaded) setDraft(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the load completes
  }, [loaded]);
  useEffect(() => {
    if (loadFailed && !warned.current) {
      warned.current = true;
      toast.error('Failed to load preferences');
    }
  }, [loadFailed, toast]);

  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const checked = preferencesSchema.safeParse(draft);
  const errors: Errors = { ...(checked.success ? {} : errorsOf(checked.error.issues)), ...serverIssues };
  const set: TabProps['set'] = (field, value) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setServerIssues(({ [field]: _answered, ...rest }) => rest);
  };

  const save = async () => {
    if (!checked.success) return;
    setBusy('save');
    try {
      const answer = await preferencesApi.save(checked.data);
      replace(answer);
      setDraft(answer);
      setServerIssues({});
      toast.success('Preferences saved successfully!');
    } catch (error) {
      setServerIssues(serverErrors(error));
      toast.error('Failed to save preferences');
    } finally {
      setBusy(null);
    }
  };
  const reset = async () => {
    setConfirmingReset(false);
    setBusy('reset');
    try {
      const defaults = await preferencesApi.reset();
      replace(defaults);
      setDraft(defaults);
      setServerIssues({});
      toast.success('Preferences reset to defaults!');
    } catch {
      toast.error('Failed to reset preferences');
    } finally {
      setBusy(null);
    }
  };

  const PreferenceTab = PREFERENCE_TABS[tab];
  const props: TabProps = { draft, set, errors };
  return (
    // The settings and data screens are in English (spec document 3): said so for screen readers.
    <section lang="en" className="mx-auto max-w-4xl space-y-4 pb-24">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Settings</h1>
        {dirty && (
          <span className="rounded-full border border-amber-400/60 bg-amber-400/15 px-3 py-0.5 text-xs font-medium text-amber-300" data-testid="unsaved-changes">
            Unsaved changes
          </span>
        )}
      </div>
      <Tabs<SettingsTab> tabs={SETTINGS_TABS} active={tab} onChange={(t) => setParams({ tab: t.toLowerCase() }, { replace: true })} label="Settings" />
      <div role="tabpanel" aria-label={tab} className="space-y-4">
        {PreferenceTab && (loaded ? <PreferenceTab {...props} /> : <p className="card text-slate-400">Loading…</p>)}
        {tab === 'Data' && (
          <>
            {loaded && <BackupFrequency {...props} />}
            <DataTab />
          </>
        )}
        {tab === 'Privacy' && <PrivacyTab />}
      </div>
      {tab !== 'Privacy' && (
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t border-space-700 bg-space-950/90 px-4 py-3 backdrop-blur">
          <button type="button" className="btn-ghost" disabled={busy !== null || !loaded} onClick={() => setConfirmingReset(true)}>
            Reset to Defaults
          </button>
          <button type="button" className="btn-primary" disabled={busy !== null || !dirty || !checked.success} onClick={save}>
            {busy === 'save' ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirmingReset}
        title="Reset every setting to its default?"
        message={resetLosses(saved)}
        confirmLabel="Reset to Defaults"
        cancelLabel="Cancel"
        onCancel={() => setConfirmingReset(false)}
        onConfirm={() => void reset()}
      />
    </section>
  );
}
