/**
 * The Worker's Cron Triggers (wrangler.toml [triggers]), one case per schedule: the daily
 * study reminders and the waiting progress/achievement notifications (Web Push), and the
 * nightly mastery refresh.
 */
import { database } from './db/database';
import type { Env } from './env';
import { refreshMastery } from './services/mastery-refresh';
import { flushNotifications } from './services/notifications';
import { pushDeliveryOf } from './services/push';
import { runDailyReminders } from './services/reminders';

export const REMINDER_CRON = '*/15 * * * *';
export const MASTERY_CRON = '30 3 * * *';

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  switch (controller.cron) {
    case REMINDER_CRON: {
      const delivery = pushDeliveryOf(env);
      if (!delivery) return console.warn(JSON.stringify({ level: 'warn', message: 'reminders skipped: VAPID keys are not set' }));
      const summary = await runDailyReminders(database(env), delivery, controller.scheduledTime);
      console.log(JSON.stringify({ level: 'info', message: 'daily reminders', ...summary }));
      // Progress and achievement notifications waiting for their hour or the daily digest.
      const news = await flushNotifications(database(env), delivery, controller.scheduledTime);
      console.log(JSON.stringify({ level: 'info', message: 'notifications', ...news }));
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
