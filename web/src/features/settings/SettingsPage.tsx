/**
 * /settings (spec document 3 §2.7): six tabs. This shell holds the Data tab (issue 15);
 * the preference tabs arrive with the settings work (issue 16), which fills the others
 * and the Reset to Defaults / Save Changes bar. `?tab=data` opens a tab directly.
 */
import { useSearchParams } from 'react-router';
import { Tabs } from '../flashcards/Tabs';
import { DataTab } from './DataTab';

export const SETTINGS_TABS = ['Notifications', 'Study', 'Interface', 'Content', 'Data', 'Privacy'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

const tabOf = (value: string | null): SettingsTab => SETTINGS_TABS.find((t) => t.toLowerCase() === value?.toLowerCase()) ?? 'Notifications';

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <Tabs<SettingsTab> tabs={SETTINGS_TABS} active={tab} onChange={(t) => setParams({ tab: t.toLowerCase() }, { replace: true })} label="Settings" />
      <div role="tabpanel" aria-label={tab}>
        {tab === 'Data' ? <DataTab /> : <p className="card text-slate-300">These settings arrive soon.</p>}
      </div>
    </section>
  );
}
