// `npm run bench`: starts the stack on a fresh local D1, then runs every
// tests/bench/*.bench.mjs in name order. Each seeds realistic data through the API (or
// the local D1 for bulk volumes) and times calls end to end over loopback. Prints
// p50/p95 per call; never passes or fails on time.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startPushServer } from '../tests/support/push-server.mjs';
import { ROOT, applyMigrations, buildWeb, freePort, startStack } from './lib/stack.mjs';

const filter = process.argv[2];
const persistTo = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-bench-'));
applyMigrations({ persistTo, quiet: true });
// The SPA is built into the bench's own folder, so the browser cases measure this tree.
const assetsDir = path.join(persistTo, 'dist');
buildWeb({ quiet: true, outDir: assetsDir });
// A Web Push service on loopback: the reminder bench's pushes are delivered, checked and decrypted.
const pushService = await startPushServer();
const t0 = Date.now();
const stack = await startStack({
  port: await freePort(),
  partyPort: await freePort(),
  persistTo,
  quiet: true,
  assetsDir,
  vars: { LOGIN_WINDOW_SECONDS: '1', PUSH_LOOPBACK_ORIGIN: pushService.origin },
});
console.log(`stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${stack.url}`);

const rows = [];
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times `fn` `iterations` times after `warmup` untimed runs; records p50/p95/max in ms. */
async function measure(name, fn, { iterations = 200, warmup = 10 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const row = { name, n: iterations, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
  rows.push(row);
  console.log(`  ${name.padEnd(48)} p50 ${row.p50.toFixed(2).padStart(8)} ms   p95 ${row.p95.toFixed(2).padStart(8)} ms   (n=${iterations})`);
  return row;
}

const ctx = { url: stack.url, partyUrl: stack.partyUrl, pushOrigin: pushService.origin, secrets: stack.secrets, workerGroup: stack.workerGroup, inspectorUrl: stack.inspectorUrl, persistTo, assetsDir, measure };
try {
  const files = readdirSync(path.join(ROOT, 'tests/bench')).filter((f) => f.endsWith('.bench.mjs') && (!filter || f.includes(filter))).sort();
  for (const file of files) {
    console.log(`\n${file}`);
    const mod = await import(pathToFileURL(path.join(ROOT, 'tests/bench', file)).href);
    await mod.default(ctx);
  }
  console.log('\nsummary (ms)');
  console.table(rows.map((r) => ({ call: r.name, n: r.n, p50: +r.p50.toFixed(2), p95: +r.p95.toFixed(2), max: +r.max.toFixed(2) })));
} finally {
  await stack.stop();
  await pushService.close();
  rmSync(persistTo, { recursive: true, force: true });
}
