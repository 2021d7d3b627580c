/**
 * The Worker's routing table: middleware, one sub-app per area, the error envelope.
 * The SPA's hashed build files are served by wrangler's [assets] before this app sees a
 * request; every other path runs the Worker first, and a screen is served from the
 * assets with its framing headers (lib/screens.ts). Handlers live in routes/<area>.ts.
 */
import { scheduled } from './scheduled';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Env } from './env';
import { originAllowed } from './domain/room-protocol';
import { requestDatabase } from './db/database';
import { limitBody } from './lib/body-limit';
import { requestClock } from './lib/clock';
import { errorResponse } from './lib/errors';
import { serveScreen } from './lib/screens';
import { aiRoutes } from './routes/ai';
import { authRoutes } from './routes/auth';
import { conceptsRoutes } from './routes/concepts';
import { configRoutes } from './routes/config';
import { constellationsRoutes } from './routes/constellations';
import { dataRoutes } from './routes/data';
import { flashcardsRoutes } from './routes/flashcards';
import { graphRoutes } from './routes/graph';
import { importRoutes } from './routes/import';
import { internalRoutes } from './routes/internal';
import { dailyNotesRoutes } from './routes/daily-notes';
import { dailyNoteBlocksRoutes } from './routes/daily-note-blocks';
import { searchRoutes } from './routes/search';
import { statsRoutes } from './routes/stats';
import { studyMethodsRoutes } from './routes/study-methods';
import { cornellSheetsRoutes } from './routes/cornell-sheets';
import { studySessionsRoutes } from './routes/study-sessions';
import { tagsRoutes } from './routes/tags';
import { uploadsRoutes } from './routes/uploads';
import { usersRoutes } from './routes/users';
import { preferencesRoutes } from './routes/preferences';

const JSON_BODY_LIMIT = 1024 * 1024;
function allowedOrigin(origin: string, env: Env): string | null {
  return originAllowed(origin, { environment: env.ENVIRONMENT, allowedOrigins: env.ALLOWED_ORIGINS }) ? origin : null;
}

// Not strict: '/api/notes/' (spec document 3 §7 writes calls with a trailing slash) is '/api/notes'.
const app = new Hono<AppEnv>({ strict: false });

app.use('*', requestId());
app.use('*', requestClock);
app.use('*', requestDatabase);
app.use('*', async (c, next) => {
  await next();
  c.header('X-Request-Id', c.get('requestId'));
});
app.use('/api/*', secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
app.use('/api/*', cors({ origin: (origin, c) => allowedOrigin(origin, c.env), credentials: true, maxAge: 600 }));
app.use('/api/*', async (c, next) => {
  // Uploads and backup files set their own, larger limits; everything else is small JSON or a form.
  if (c.req.path.includes('/upload') || /^\/api\/export-import\/import\/(json|apkg|vault)$/.test(c.req.path)) return next();
  return limitBody(JSON_BODY_LIMIT)(c, next);
});

const routes = app
  .route('/api/config', configRoutes)
  .route('/api/auth', authRoutes)
  .route('/api/users', usersRoutes)
  .route('/api/users/me/preferences', preferencesRoutes)
  // /api/concepts/all-for-graph and /api/links/all-for-graph (the galaxy and the knowledge graph).
  .route('/api', graphRoutes)
  .route('/api/concepts', conceptsRoutes)
  .route('/api/tags', tagsRoutes)
  .route('/api/constellations', constellationsRoutes)
  .route('/api/notes', dailyNotesRoutes)
  .route('/api/blocks', dailyNoteBlocksRoutes)
  .route('/api/search', searchRoutes)
  // Flashcards live under /api/flashcards and /api/concepts/:id/flashcards.
  .route('/api', flashcardsRoutes)
  .route('/api/study-sessions', studySessionsRoutes)
  // Uploads: /api/v1/media/upload, /api/v1/audio/upload, /api/v1/files/upload, and serving /api/v1/files/:id — before
  // the sub-apps below mounted on /api with a sign-in check on all their paths: a file's
  // public address is fetched by <img>/<audio> without a token.
  .route('/api/v1', uploadsRoutes)
  // Blurting, Feynman, Cornell, Composite: /api/study-sessions/:id/{concepts,results…} and /api/concepts/:id/method-results.
  .route('/api', studyMethodsRoutes)
  // A concept's Cornell sheet: /api/concepts/:id/cornell-sheet{,/cards}.
  .route('/api', cornellSheetsRoutes)
  .route('/api/stats', statsRoutes)
  .route('/api/ai', aiRoutes)
  .route('/api/import', importRoutes)
  .route('/api/export-import', dataRoutes)
  // Party server only (x-internal-secret).
  .route('/internal', internalRoutes);

app.notFound((c) => {
  // Any other path is a screen of the SPA (or one of its static files).
  if (!/^\/(api|internal|__scheduled)(\/|$)/.test(c.req.path)) return serveScreen(c.req.raw, c.env);
  return c.json({ detail: 'Not found', code: 'not_found' }, 404);
});
app.onError(errorResponse);

export type AppType = typeof routes;
// The app (fetch) with the cron handler beside it.
export default Object.assign(app, { scheduled });
