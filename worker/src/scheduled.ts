/**
 * The Worker's Cron Triggers (wrangler.toml [triggers]), one case per schedule: the daily
 * study reminders (Web Push) and the nightly mastery refresh.
 */
import type { Env } from './env';
import { refreshMastery } from './services/mastery-refresh';
import { vapidKeysOf } from './services/push';
import { runDailyReminders } from './services/reminders';

export const REMINDER_CRON = '*/15 * * * *';
export const MASTERY_CRON = '30 3 * * *';

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  switch (controller.cron) {
    case REMINDER_CRON: {
      const vapid = vapidKeysOf(env);
      if (!vapid) return console.warn(JSON.stringify({ level: 'warn', message: 'reminders skipped: VAPID keys are not set' }));
      const summary = await runDailyReminders(env.DB, vapid, controller.scheduledTime);
      console.log(JSON.stringify({ level: 'info', message: 'daily reminders', ...summary }));
      return;
    }
    case MASTERY_CRON:
      // Mastery falls as time passes without review: refreshed once a night.
      await refreshMastery(env, controller.scheduledTime);
      return;
    default:
      console.warn(JSON.stringify({ level: 'warn', message: 'unknown cron', cron: controller.cron }));
  }
}
