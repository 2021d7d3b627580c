/**
 * The Worker's Cron Triggers (wrangler.toml [triggers]), one case per schedule, so other
 * periodic jobs can be added beside the daily study reminders.
 */
import type { Env } from './env';
import { vapidKeysOf } from './services/push';
import { runDailyReminders } from './services/reminders';

export const REMINDER_CRON = '*/15 * * * *';

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  switch (controller.cron) {
    case REMINDER_CRON: {
      const vapid = vapidKeysOf(env);
      if (!vapid) return console.warn(JSON.stringify({ level: 'warn', message: 'reminders skipped: VAPID keys are not set' }));
      const summary = await runDailyReminders(env.DB, vapid, controller.scheduledTime);
      console.log(JSON.stringify({ level: 'info', message: 'daily reminders', ...summary }));
      return;
    }
    default:
      console.warn(JSON.stringify({ level: 'warn', message: 'unknown cron', cron: controller.cron }));
  }
}
