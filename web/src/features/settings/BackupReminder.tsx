/**
 * The backup reminder banner (preference `data_backup_frequency`): when the last JSON
 * backup made in this browser (or, before any, the account's creation) is older than the
 * chosen interval, a banner offers a one-click export. 'Later' hides it for a day.
 */
import { useState } from 'react';
import { backupDue } from '@domain/preferences';
import { downloadJsonBackup } from '../../api/data';
import { useAuth } from '../../ui/auth-context';
import { errorText } from '../../ui/error-text';
import { useToast } from '../../ui/Toasts';
import { DAY_MS, readTime, writeTime } from '../../lib/stored-time';
import { saveDownload } from './data-ui';
import { usePreferences } from './preferences-context';

const key = (userId: number) => `astrolabe.lastBackupAt.${userId}`;
const snoozeKey = (userId: number) => `astrolabe.backupSnoozedUntil.${userId}`;

/** Called after every successful JSON backup made in this browser. */
export function recordBackup(userId: number, now = Date.now()): void {
  writeTime(key(userId), now);
}

export function BackupReminder() {
  const { user } = useAuth();
  const { preferences, loaded } = usePreferences();
  const toast = useToast();
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!user || !loaded || hidden) return null;
  const now = Date.now();
  const last = readTime(key(user.id)) ?? Date.parse(user.created_at);
  if ((readTime(snoozeKey(user.id)) ?? 0) > now || !backupDue(preferences.data_backup_frequency, last, now)) return null;

  const exportNow = async () => {
    setBusy(true);
    try {
      saveDownload(await downloadJsonBackup());
      recordBackup(user.id);
      toast.success('Data exported successfully!');
      setHidden(true);
    } catch (error) {
      toast.error(`Export failed: ${errorText(error, 'please try again')}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="status" data-testid="backup-reminder" className="mx-4 mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-sky-500/50 bg-sky-500/10 px-4 py-2 text-sm text-slate-200">
      <span className="flex-1">A backup of your data is due ({preferences.data_backup_frequency}).</span>
      <button type="button" className="btn-primary py-1" disabled={busy} onClick={exportNow}>
        Back up now (JSON)
      </button>
      <button
        type="button"
        className="btn-ghost py-1"
        onClick={() => {
          writeTime(snoozeKey(user.id), now + DAY_MS);
          setHidden(true);
        }}
      >
        Later
      </button>
    </div>
  );
}
