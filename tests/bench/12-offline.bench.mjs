// A phone with a bad network. The upload of 200 answers given offline
// (POST /api/flashcards/reviews: the replay in review-time order, each card's newest answer
// planned as an online one — load balancing, burying, leeches — in one D1 batch), over 200
// cards of 20 concepts, each already answered a few times. And in Chromium, the app opened
// again from the service worker's cache with the network off: navigation to first
// contentful paint, and to the signed-in shell on screen. Budgets: the upload ≤ 2 s,
// first paint from the cache p95 ≤ 500 ms (this machine, and 4× CPU as a phone).
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { floor } from './01-accounts.bench.mjs';
import { account, call, CHROMIUM_FLAGS, CPU_RATES, execute, freshIdBase, inserts, installApp, printSamples, rateLabel, settle, throttleCpu, unsentAgain } from './lib.mjs';

const CONCEPTS = 20;
const CARDS = 200;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 20 concepts of 10 review cards each, answered a few times, last a week ago (`base`: the first explicit id). */
function seed(userId, base, now) {
  const concepts = Array.from({ length: CONCEPTS }, (_, i) => [base + i, userId, `Hors ligne ${i}`, `hors ligne ${i}`, null, '', 'MANUAL', 0, now, now]);
  const cards = Array.from({ length: CARDS }, (_, i) => [base + i, userId, base + (i % CONCEPTS), `Question ${i}`, `Réponse ${i}`, '[]', now - (i % 5) * HOUR, 12 + (i % 30), 5, 7, 12, 0, 4, 0, 2, now - 7 * DAY, now - 60 * DAY, now - 7 * DAY]);
  return [
    ...inserts('concepts', ['id', 'user_id', 'title', 'title_key', 'content', 'content_text', 'source', 'content_version', 'created_at', 'updated_at'], concepts),
    ...inserts('flashcards', ['id', 'user_id', 'concept_id', 'question', 'answer', 'tags', 'due', 'stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'state', 'last_review', 'created_at', 'updated_at'], cards),
  ];
}

export default async function offline(ctx) {
  const { url, persistTo } = ctx;
  // Run alone (`npm run bench 12`), the stack's keep-alive socket from its start can be stale by now.
  await unsentAgain(() => call(url, 'GET', '/api/config'));
  const me = await account(url, 'offline_bench');
  me.id = (await call(url, 'GET', '/api/users/me', { token: me.token })).id;
  const base = await freshIdBase(persistTo, url);
  execute(persistTo, seed(me.id, base, Date.now()));
  await settle(url);

  await floor(ctx);
  await replays(url, me, base);
  for (const rate of CPU_RATES) await shellFromCache(url, me.token, rate);
}

/** Ten uploads of 200 answers each (every card answered once, in a shuffled queue, a few seconds apart). */
async function replays(url, me, base) {
  const walls = [];
  for (let run = 0; run < 10; run++) {
    const end = Date.now() - 1000;
    const reviews = Array.from({ length: CARDS }, (_, i) => ({
      client_id: randomUUID().replace(/-/g, ''),
      flashcard_id: base + ((i * 37) % CARDS),
      rating: 1 + ((i * 7 + run) % 4),
      reviewed_at: new Date(end - (CARDS - i) * 10).toISOString(),
      duration_ms: 4000,
    }));
    const started = performance.now();
    const res = await call(url, 'POST', '/api/flashcards/reviews', { token: me.token, json: { reviews } });
    walls.push(performance.now() - started);
    if (res.accepted?.length !== CARDS) throw new Error(`upload ${run}: ${JSON.stringify(res).slice(0, 300)}`);
  }
  printSamples(`upload of ${CARDS} offline answers (replay)`, walls, 'ms', { p95: 2000 });
}

/**
 * The app opened again with no network, from a blank tab (as a phone opens the installed
 * app): navigation to first contentful paint, and to the signed-in shell's menu button on
 * screen. Both are read in the page's own clock (from its navigation start). The shell's
 * moment is reported by a small observer the page gets before its own scripts, through a
 * binding: Playwright's locators would inject their large script into the page while it
 * starts, and at 4× CPU that alone took ~60 ms of the main thread the app needs.
 */
async function shellFromCache(url, token, rate) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  const paint = [];
  const shell = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((t) => localStorage.setItem('astrolabe.access_token', t), token);
    let shown = () => undefined;
    await context.exposeBinding('shellShown', (_source, at) => shown(at));
    await context.addInitScript(() => {
      const menu = () => document.querySelector('button[aria-label="Ouvrir le menu"]');
      new MutationObserver((_, observer) => {
        if (!menu()) return;
        observer.disconnect();
        window.shellShown(performance.now());
      }).observe(document, { childList: true, subtree: true });
    });
    // One online visit: the service worker installs, precaches the build and takes the page.
    const page = await installApp(context, url);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await throttleCpu(page, rate);
    for (let run = 0; run < 22; run++) {
      await page.goto('about:blank');
      const onScreen = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the shell did not show within 30 s')), 30_000);
        shown = (at) => {
          clearTimeout(timer);
          resolve(at);
        };
      });
      await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
      const shellAt = await onScreen;
      const fcp = await page.evaluate(async () => {
        const entry = () => performance.getEntriesByName('first-contentful-paint')[0];
        for (let i = 0; i < 100 && !entry(); i++) await new Promise((r) => setTimeout(r, 20));
        return entry()?.startTime ?? null;
      });
      if (fcp === null) throw new Error('no first-contentful-paint entry');
      // The first two warm the cache's reads; they are not counted.
      if (run < 2) continue;
      paint.push(fcp);
      shell.push(shellAt);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  printSamples(`offline start from the SW cache: first paint${rateLabel(rate)}`, paint, 'ms', { p95: 500 });
  printSamples(`offline start from the SW cache: shell on screen${rateLabel(rate)}`, shell);
}
