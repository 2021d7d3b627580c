// Shared by the bench files: loopback HTTP calls, account creation, deterministic data and
// bulk seeding straight into the local D1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PASSWORD = 'Secret123!';

export async function call(base, method, path, { token, json, form, headers: extra } = {}) {
  const headers = { ...extra };
  let body;
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A pooled keep-alive socket goes stale while a bench prepares a long time: a call that failed before the server answered is sent again. */
export async function unsentAgain(send) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (attempt >= 3 || !(err instanceof TypeError)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function account(base, username) {
  await call(base, 'POST', '/api/users', { json: { username, email: `${username}@example.com`, password: PASSWORD } });
  const { access_token } = await call(base, 'POST', '/api/auth/login', { form: { username, password: PASSWORD } });
  return { username, token: access_token };
}

/** A small deterministic PRNG, so every run seeds the same data. */
export function prng(seed) {
  let state = seed;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (n) => Math.floor(rand() * n);
  return { rand, pick, int, sentence: (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ') };
}

const SYLLABLES = ['ba', 'co', 'di', 'fé', 'ga', 'li', 'mo', 'nu', 'pa', 'ré', 'si', 'to', 'vu', 'xa', 'zé', 'ch', 'tr', 'on', 'an', 'eur'];
/** 3,000 made-up words, some accented, the last thousand ending in 'ique'. */
export const WORDS = Array.from({ length: 3_000 }, (_, i) => SYLLABLES[i % 20] + SYLLABLES[Math.floor(i / 20) % 20] + SYLLABLES[Math.floor(i / 400) % 20] + (i >= 2_000 ? 'ique' : ''));

/** concepts.title_key as the app computes it (worker/src/domain/wiki-links.ts titleKey). */
export const titleKey = (title) => title.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');
const OFFLINE = { WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true' };


const STATEMENT_BYTES = 90_000; // D1 refuses statements over 100 KB

const q = (v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** Multi-row INSERTs kept under the statement size limit. */
export function inserts(table, columns, rows) {
  const out = [];
  let values = [];
  let size = 0;
  const flush = () => {
    if (values.length) out.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(',\n')};`);
    values = [];
    size = 0;
  };
  for (const row of rows) {
    const text = `(${row.map(q).join(', ')})`;
    if (size + text.length > STATEMENT_BYTES) flush();
    values.push(text);
    size += text.length + 2;
  }
  flush();
  return out;
}


export function execute(persistTo, statements) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-seed-'));
  try {
    // A few files rather than one huge one keeps wrangler's memory use modest.
    const perFile = 150;
    for (let i = 0; i < statements.length; i += perFile) {
      const file = path.join(dir, `seed-${i}.sql`);
      writeFileSync(file, statements.slice(i, i + perFile).join('\n'));
      execFileSync(WRANGLER, ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file, '-y'], {
        cwd: ROOT,
        env: { ...process.env, ...OFFLINE },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Tables the benches write explicit ids into. */
const SEEDED_TABLES = ['concepts', 'tags', 'constellations', 'flashcards', 'daily_notes', 'note_blocks', 'review_logs', 'study_sessions'];

/**
 * The first explicit id a bench may hand out: the next million above every id the earlier
 * benches (or the API) left in the tables benches seed, so each bench can run after any other.
 * `url` is the running stack's, waited on until it answers steadily again.
 */
export async function freshIdBase(persistTo, url) {
  // Scalar subqueries: D1 refuses a compound SELECT of this many terms.
  const max = SEEDED_TABLES.map((t) => `coalesce((SELECT max(id) FROM ${t}), 0)`).join(', ');
  const out = execFileSync(WRANGLER, ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', `SELECT max(${max}) AS top`], {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const top = JSON.parse(out.toString())[0].results[0].top;
  await settle(url); // the dev server reloads after any `wrangler d1 execute`
  return (Math.floor(top / 1_000_000) + 1) * 1_000_000;
}

/**
 * `wrangler d1 execute` makes the running dev server reload, which drops open sockets:
 * wait until it answers steadily again before timing anything.
 */
export async function settle(url) {
  let steady = 0;
  for (let tries = 0; tries < 120 && steady < 5; tries++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      await call(url, 'GET', '/api/config');
      steady += 1;
    } catch {
      steady = 0;
    }
  }
}


/** Headless Chromium as the browser benches run it (Debian's build, software GL). */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Every figure the benches print, in order, for the summary table that ends the run.
 * A budget is the goal for the figure: `{ p95: ms }`, `{ p50: ms }`, `{ value: max }`
 * (a figure measured once) or `{ floorTimes: n }` (p95 within n × the floor of the run).
 */
export const figures = [];

/** Records and prints the p50/p95 of samples. */
export function printSamples(name, values, unit = 'ms', budget) {
  const sorted = [...values].sort((a, b) => a - b);
  const row = { name, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), unit, budget };
  figures.push(row);
  console.log(`  ${name.padEnd(48)} p50 ${row.p50.toFixed(1).padStart(8)} ${unit}   p95 ${row.p95.toFixed(1).padStart(8)} ${unit}   (n=${sorted.length})`);
  return row;
}

/** Records a figure measured once (a whole export, a cron run, a bundle size); the caller prints it. */
export function recordValue(name, value, unit, budget) {
  figures.push({ name, n: 1, value, unit, budget });
}

/** The figures of the floor, GET /api/config: what the dev server costs before any work. */
export const FLOOR_NAME = 'GET /api/config (floor)';

/**
 * Chromium's CPU throttling for one page (the DevTools protocol's
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile profile uses 4×): a mid-range phone.
 */
export async function throttleCpu(page, rate) {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Opens the app in `context` (its dashboard) and answers the page once the app's service
 * worker is installed and controls it: the browser of a person who has opened the app on it
 * before. The first install downloads the whole build and compiles every script for the code
 * cache, once per browser: on this machine's 2 cores a second or two of a core, shared with
 * whatever the page does meanwhile (a galaxy drag had 89 frames over its budget in 5 visits
 * with it, 22 without).
 */
export async function installApp(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}/dashboard`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  return page;
}

/** The CPU rates each browser figure is measured at: this machine, and a phone (4× slower). */
export const CPU_RATES = [1, 4];
export const rateLabel = (rate) => (rate === 1 ? '' : ` [${rate}× CPU]`);
