/**
 * The session's clock prompts (preferences `session_duration_limit` and `break_reminders`):
 * once the session has run for the limit, it offers to finish; with break reminders on, a
 * gentle prompt comes every 25 minutes of continuous study. Time counts while the page is
 * open; dismissing a prompt only hides it until the next one.
 */
import { useEffect, useState } from 'react';
import { usePreferences } from '../settings/preferences-context';

export const BREAK_EVERY_MINUTES = 25;
const MINUTE = 60_000;

export type StudyPrompt = null | { kind: 'limit'; minutes: number } | { kind: 'break' };

export function useStudyTimers(active: boolean): { prompt: StudyPrompt; dismiss(): void } {
  const { preferences } = usePreferences();
  const [prompt, setPrompt] = useState<StudyPrompt>(null);
  const limit = preferences.session_duration_limit;
  const breaks = preferences.break_reminders;

  useEffect(() => {
    if (!active) return;
    const timers = [setTimeout(() => setPrompt({ kind: 'limit', minutes: limit }), limit * MINUTE)];
    if (breaks) {
      const every = setInterval(() => setPrompt((p) => (p?.kind === 'limit' ? p : { kind: 'break' })), BREAK_EVERY_MINUTES * MINUTE);
      return () => {
        timers.forEach(clearTimeout);
        clearInterval(every);
      };
    }
    return () => timers.forEach(clearTimeout);
  }, [active, limit, breaks]);

  return { prompt, dismiss: () => setPrompt(null) };
}
