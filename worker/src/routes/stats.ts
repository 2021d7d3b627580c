import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { resolveTimeZone } from '../domain/study-day';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { dailyActivity, dashboardStats, forecastStats, masteryDistribution, reviewHeatmapOf } from '../services/dashboard-stats';
import { activityQuery } from './stats.schema';

/** The clock and the person's time zone (header `x-time-zone`, an IANA name; UTC if absent or unknown). */
const when = (c: { get(key: 'now'): number; req: { header(name: string): string | undefined } }) => ({
  now: c.get('now'),
  zone: resolveTimeZone(c.req.header('x-time-zone')),
});

/** Dashboard statistics; definitions in domain/stats.ts. */
export const statsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/dashboard', async (c) => {
    const { now, zone } = when(c);
    return c.json(await dashboardStats(c.get('db'), c.get('userId'), now, zone), 200);
  })
  // The spec's 'Extended stats': what the 'Prévisions' tab shows.
  .get('/dashboard/extended', async (c) => {
    const { now, zone } = when(c);
    return c.json(await forecastStats(c.get('db'), c.get('userId'), now, zone), 200);
  })
  .get('/activity', validate('query', activityQuery), async (c) => {
    const { now, zone } = when(c);
    return c.json(await dailyActivity(c.get('db'), c.get('userId'), now, zone, c.req.valid('query').days), 200);
  })
  .get('/heatmap', async (c) => {
    const { now, zone } = when(c);
    return c.json(await reviewHeatmapOf(c.get('db'), c.get('userId'), now, zone), 200);
  })
  .get('/mastery-distribution', async (c) => {
    return c.json(await masteryDistribution(c.get('db'), c.get('userId')), 200);
  });
