/**
 * The notification prompt (spec document 3 §2.8, §4 Push), checked once the person is
 * signed in: permission undecided → 'Activer les notifications ?' with Activer / Plus tard;
 * already granted → the subscription is sent again silently; refused → only logged.
 * 'Plus tard' is remembered in this browser for three days, then the question comes back.
 * Messages arriving while the app is visible show as an info toast.
 */
import { useEffect, useState } from 'react';
import { configApi } from '../../api/config';
import { DAY_MS, readTime, writeTime } from '../../lib/stored-time';
import { useAuth } from '../../ui/auth-context';
import { useToast } from '../../ui/Toasts';
import { usePreferences } from './preferences-context';
import { pushSupported, subscribeToPush } from './push';

const SNOOZE_MS = 3 * DAY_MS;
const snoozeKey = (userId: number) => `astrolabe.pushPromptSnoozedUntil.${userId}`;

export function PushPrompt() {
  const toast = useToast();
  const { user } = useAuth();
  const { preferences, loaded } = usePreferences();
  const [asking, setAsking] = useState(false);
  const enabled = loaded && preferences.notifications_enabled && pushSupported();

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // Only where the server has a VAPID key: without one there is nothing to subscribe to.
    configApi.get().then(
      ({ vapid_public_key: key }) => {
        if (!live || !key) return;
        if (Notification.permission === 'default') setAsking(!user || (readTime(snoozeKey(user.id)) ?? 0) <= Date.now());
        else if (Notification.permission === 'granted') subscribeToPush().catch((err) => console.warn('push subscription not renewed', err));
        else console.info('Notifications refused by the browser');
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, user]);

  useEffect(() => {
    if (!pushSupported()) return;
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'push-message') toast.info(event.data.title || 'Notification');
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [toast]);

  if (!asking) return null;
  const later = () => {
    if (user) writeTime(snoozeKey(user.id), Date.now() + SNOOZE_MS);
    setAsking(false);
  };
  const activate = async () => {
    setAsking(false);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return console.info('Notifications refused:', permission);
    try {
      if (await subscribeToPush()) toast.success('Notifications activées !');
    } catch (err) {
      console.warn('push subscription failed', err);
    }
  };
  return (
    // Inline at the top of the page, never over it: nothing underneath is hidden or blocked.
    <section aria-labelledby="push-prompt-title" className="mx-4 mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-nebula-400/50 bg-nebula-500/10 px-4 py-2 text-sm">
      <div className="flex-1">
        <p id="push-prompt-title" className="font-semibold">
          Activer les notifications ?
        </p>
        <p className="text-slate-400">Un rappel quotidien quand des cartes sont à réviser.</p>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn-ghost py-1" onClick={later}>
          Plus tard
        </button>
        <button type="button" className="btn-primary py-1" onClick={activate}>
          Activer
        </button>
      </div>
    </section>
  );
}
