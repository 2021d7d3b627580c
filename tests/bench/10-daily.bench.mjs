// Daily notes at volume: three years of journal — 1,100 notes, 20,000 blocks,
// 30,000 mentions — beside 10,000 concepts, bulk-written into the local D1. Timed over
// loopback: opening a day, the recent notes, adding and editing a block (with its derived
// mentions), and a concept's mentions panel; a block edit reaching the other device through
// the note's room; `/daily` in Chromium (in a browser where the app is installed, and on a
// browser's first visit while it installs). Budgets: open a day p95 ≤ 30 ms,
// recent ≤ 15 ms, add/patch block ≤ 30 ms, concept mentions ≤ 20 ms, a block edit on the
// other device p95 ≤ 25 ms, `/daily` shows today's blocks ≤ 500 ms after navigation.
import { chromium } from 'playwright-core';
import YPartyKitProvider from 'y-partykit/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { floor } from './01-accounts.bench.mjs';
import { account, call, CHROMIUM_FLAGS, CPU_RATES, execute, freshIdBase, inserts, installApp, printSamples, prng, rateLabel, settle, throttleCpu, titleKey, WORDS } from './lib.mjs';

const VOLUME = { concepts: 10_000, notes: 1_100, blocks: 20_000, mentions: 30_000 };
const DAY = 86_400_000;
const { pick, int, sentence } = prng(10);
const capital = (w) => w[0].toUpperCase() + w.slice(1);

/** `base` is the first explicit id (above everything already in the database). */
function rows(userId, base, now) {
  const concepts = Array.from({ length: VOLUME.concepts }, (_, i) => {
    const title = `${capital(WORDS[i % WORDS.length])} ${i}`;
    return [base + i, userId, title, titleKey(title), null, sentence(30), 'MANUAL', 0, now, now];
  });
  const notes = Array.from({ length: VOLUME.notes }, (_, i) => [base + i, userId, new Date(now - i * DAY).toISOString().slice(0, 10), null, now, now]);
  const blocks = Array.from({ length: VOLUME.blocks }, (_, i) => {
    const noteId = base + (i % VOLUME.notes);
    const a = concepts[int(VOLUME.concepts)];
    const text = `${sentence(20 + int(30))} [[${a[2]}]]`;
    const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
    return [base + i, userId, noteId, doc, text, Math.floor(i / VOLUME.notes), now, now];
  });
  const mentions = new Set();
  for (let i = 0; mentions.size < VOLUME.mentions; i++) mentions.add(`${base + (i % VOLUME.blocks)},${base + int(VOLUME.concepts)}`);
  return [
    ...inserts('concepts', ['id', 'user_id', 'title', 'title_key', 'content', 'content_text', 'source', 'content_version', 'created_at', 'updated_at'], concepts),
    ...inserts('daily_notes', ['id', 'user_id', 'date', 'title', 'created_at', 'updated_at'], notes),
    ...inserts('note_blocks', ['id', 'user_id', 'note_id', 'text', 'plain_text', 'order_idx', 'created_at', 'updated_at'], blocks),
    ...inserts('block_mentions', ['user_id', 'block_id', 'concept_id'], [...mentions].map((p) => [userId, ...p.split(',').map(Number)])),
  ];
}

export default async function daily(ctx) {
  const { url, measure } = ctx;
  const started = Date.now();
  const me = await account(url, 'daily_bench');
  me.id = (await call(url, 'GET', '/api/users/me', { token: me.token })).id;
  const now = Date.now();
  const base = await freshIdBase(ctx.persistTo, ctx.url);
  const statements = rows(me.id, base, now);
  execute(ctx.persistTo, statements);
  await settle(url);
  console.log(`  seeded ${statements.length} statements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const as = { token: me.token };
  const date = (i) => new Date(now - (i % VOLUME.notes) * DAY).toISOString().slice(0, 10);
  const day = await call(url, 'GET', `/api/notes?note_date=${date(0)}`, as);
  console.log(`  a day holds ${day.blocks.length} blocks and ${day.mentions.length} mentions`);

  await floor(ctx);
  // Today's note, as seeded (before the block writes below add to another day).
  await liveEdit(ctx, me, day.id);
  for (const rate of CPU_RATES) await dailyInChromium(url, me.token, rate, day.blocks.length);
  await measure('GET /api/notes?note_date (open a day)', (i) => call(url, 'GET', `/api/notes?note_date=${date(i * 7)}`, as), { budget: { p95: 30 } });
  await measure('GET /api/notes/recent?limit=10', () => call(url, 'GET', '/api/notes/recent?limit=10', as), { budget: { p95: 15 } });
  const text = (i) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${sentence(25)} [[${capital(WORDS[i % WORDS.length])} ${i}]]` }] }] });
  const added = [];
  const other = await call(url, 'GET', `/api/notes?note_date=${date(3)}`, as);
  await measure('POST /api/notes/{id}/blocks', async (i) => added.push(await call(url, 'POST', `/api/notes/${other.id}/blocks`, { ...as, json: { text: text(i), order_idx: 100 + i } })), { budget: { p95: 30 } });
  await measure('PATCH /api/notes/blocks/{id}', (i) => call(url, 'PATCH', `/api/notes/blocks/${added[i % added.length].id}`, { ...as, json: { text: text(i + 1) } }), { budget: { p95: 30 } });
  const mentioned = await call(url, 'GET', `/api/notes/concepts/${base + 5}/mentions`, as);
  console.log(`  a concept is mentioned by ${mentioned.length} blocks`);
  await measure('GET /api/notes/concepts/{id}/mentions', (i) => call(url, 'GET', `/api/notes/concepts/${base + ((i * 97) % VOLUME.concepts)}/mentions`, as), { budget: { p95: 20 } });
}

/** Two devices in the note's room: one types at the end of a block, time until the other has it. */
async function liveEdit({ measure, partyUrl }, me, noteId) {
  const connect = () => {
    const doc = new Y.Doc();
    const provider = new YPartyKitProvider(new URL(partyUrl).host, `u${me.id}-n${noteId}`, doc, { party: 'notes', params: { token: me.token }, WebSocketPolyfill: WebSocket, disableBc: true, protocol: 'ws', maxBackoffTime: 200 });
    return { doc, provider, destroy: () => (provider.destroy(), doc.destroy()) };
  };
  const synced = (c) => (c.provider.synced ? Promise.resolve() : new Promise((resolve) => c.provider.on('synced', (ok) => ok && resolve())));
  const [writer, reader] = [connect(), connect()];
  await Promise.all([synced(writer), synced(reader)]);
  const textOf = (doc) => {
    const uid = doc.getArray('order').get(0);
    return doc.getMap('blocks').get(uid).get(0).get(0);
  };
  const typed = textOf(writer.doc);
  const seen = textOf(reader.doc);
  console.log(`  the note's room holds ${writer.doc.getArray('order').length} blocks`);
  await measure('block edit -> applied on the other device (note room)', async (i) => {
    const mark = `<${i}>`;
    const arrived = new Promise((resolve) => {
      const check = () => {
        if (seen.toString().endsWith(mark)) {
          seen.unobserve(check);
          resolve();
        }
      };
      seen.observe(check);
    });
    typed.insert(typed.length, mark);
    await arrived;
  }, { iterations: 300, warmup: 20, budget: { p95: 25 } });
  writer.destroy();
  reader.destroy();
}

/**
 * One visit of `/daily` by navigation, in a new browser context at `rate`: the times from
 * navigation to the signed-in shell, today's blocks (stored preview), the first block
 * editable (room attached) and every block editable, and the longest task once the blocks
 * show. The app is installed in the context first (lib.mjs installApp), as in the browser of
 * anyone who has opened it before; `firstVisit` leaves it to install during the visit.
 */
async function visitDaily(browser, url, token, rate, blockCount, { firstVisit = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => {
    localStorage.setItem('astrolabe.access_token', t);
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask', buffered: true });
    const shown = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="note-block-stored"], [data-testid="note-block"]')) return;
      shown.disconnect();
      // On screen once the frame that draws them is painted: the task after it (the task that
      // put them in the page, and that frame, come before they show).
      requestAnimationFrame(() => setTimeout(() => (window.__blocksShownAt = performance.now())));
    });
    document.addEventListener('DOMContentLoaded', () => shown.observe(document.body, { childList: true, subtree: true }));
  }, token);
  if (!firstVisit) await (await installApp(context, url)).close();
  const page = await context.newPage();
  await throttleCpu(page, rate);
  const started = performance.now();
  await page.goto(`${url}/daily`, { waitUntil: 'commit' });
  // The floor of any signed-in screen on a load: the app's shell (the drawer) on screen.
  await page.getByRole('link', { name: "Aujourd'hui" }).first().waitFor({ timeout: 30_000 });
  const shell = performance.now() - started;
  await page.locator('[data-testid="note-block-stored"], [data-testid="note-block"]').first().waitFor({ timeout: 30_000 });
  const shown = performance.now() - started;
  await page.locator('[data-testid="note-block"] [role="textbox"]').first().waitFor({ timeout: 30_000 });
  const editable = performance.now() - started;
  // Every block's editor attached: until then a block is shown but cannot be typed in.
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="note-block"] [role="textbox"]').length >= n, blockCount, { timeout: 60_000, polling: 100 });
  const allEditable = performance.now() - started;
  // The longest time the page could not answer a key or a click once the blocks were on screen.
  const longest = await page.evaluate(() => {
    return Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration > window.__blocksShownAt).map((t) => t.duration));
  });
  await context.close();
  return { shell, shown, editable, allEditable, longest };
}

/** `/daily` in Chromium: by navigation (visitDaily), and from the drawer inside the app. */
async function dailyInChromium(url, token, rate, blockCount) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  const visits = [];
  const firstVisits = [];
  const inApp = [];
  try {
    for (let run = 0; run < 8; run++) visits.push(await visitDaily(browser, url, token, rate, blockCount));
    for (let run = 0; run < 4; run++) firstVisits.push(await visitDaily(browser, url, token, rate, blockCount, { firstVisit: true }));
    // Inside the app, as a person goes there: another screen opened and loaded, then the
    // drawer's 'Aujourd'hui' clicked. Timed in the page, from the click's input event to the
    // first frame painted with a block: Playwright's own work (its checks before a click, its
    // polling for the block) runs on the same throttled main thread and is not the person's wait.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem('astrolabe.access_token', t), token);
    await context.addInitScript(() => {
      const blocks = '[data-testid="note-block-stored"], [data-testid="note-block"]';
      window.addEventListener('click', (e) => (window.__dailyClick = { at: e.timeStamp, painted: null }), true);
      const seen = new MutationObserver(() => {
        const click = window.__dailyClick;
        if (!click || click.painted !== null || click.seen || !document.querySelector(blocks)) return;
        click.seen = true;
        // The frame that draws the block, then the task after its paint.
        requestAnimationFrame(() => setTimeout(() => (click.painted = performance.now())));
      });
      document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true }));
    });
    await (await installApp(context, url)).close();
    const page = await context.newPage();
    await throttleCpu(page, rate);
    for (let run = 0; run < 20; run++) {
      await page.goto(`${url}/tags`, { waitUntil: 'networkidle' });
      const link = page.getByRole('link', { name: "Aujourd'hui" }).first();
      const box = await link.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.locator('[data-testid="note-block-stored"], [data-testid="note-block"]').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => window.__dailyClick?.painted != null);
      inApp.push(await page.evaluate(() => window.__dailyClick.painted - window.__dailyClick.at));
    }
    await context.close();
  } finally {
    await browser.close();
  }
  const of = (list, key) => list.map((visit) => visit[key]);
  printSamples(`/daily from the drawer: blocks on screen${rateLabel(rate)}`, inApp, 'ms', { p95: 500 });
  printSamples(`page load floor: the signed-in shell on screen${rateLabel(rate)}`, of(visits, 'shell'));
  printSamples(`/daily, page load: today's blocks on screen${rateLabel(rate)}`, of(visits, 'shown'));
  printSamples(`/daily, page load: blocks editable (room attached)${rateLabel(rate)}`, of(visits, 'editable'));
  printSamples(`/daily, page load: every block editable (${blockCount} editors)${rateLabel(rate)}`, of(visits, 'allEditable'));
  printSamples(`/daily, page load: longest task once the blocks show${rateLabel(rate)}`, of(visits, 'longest'), 'ms', { p95: 100 });
  // A browser's very first visit shares the machine with the app's one-time install.
  printSamples(`/daily, first visit (the app installing): today's blocks on screen${rateLabel(rate)}`, of(firstVisits, 'shown'));
  printSamples(`/daily, first visit (the app installing): longest task once the blocks show${rateLabel(rate)}`, of(firstVisits, 'longest'));
}
