/** The Worker's Cron Triggers (wrangler.toml [triggers]): one case per cron expression. */
import type { Env } from './env';
import { refreshMastery } from './services/mastery-refresh';

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  switch (controller.cron) {
    case '30 3 * * *':
      ctx.waitUntil(refreshMastery(env, controller.scheduledTime));
      break;
    default:
      break;
  }
}
