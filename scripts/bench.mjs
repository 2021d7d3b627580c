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
import { FLOOR_NAME, figures, percentile } from '../tests/bench/lib.mjs';

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

/** Times `fn` `iterations` times after `warmup` untimed runs; records p50/p95/max in ms. */
async function measure(name, fn, { iterations = 200, warmup = 10, budget } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const row = { name, n: iterations, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), unit: 'ms', budget };
  figures.push(row);
  console.log(`  ${name.padEnd(48)} p50 ${row.p50.toFixed(2).padStart(8)} ms   p95 ${row.p95.toFixed(2).padStart(8)} ms   (n=${iterations})`);
  return row;
}

/** One line per figure: beside its budget, whether it holds, and its p95 over the floor measured last before it. */
function summary() {
  let floor = figures.find((f) => f.name === FLOOR_NAME);
  const fmt = (v) => (v === undefined ? '' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
  const table = [];
  for (const f of figures) {
    if (f.name === FLOOR_NAME) floor = f;
    const figure = f.value ?? f.p95;
    const b = f.budget;
    const limit = b?.p95 ?? b?.p50 ?? b?.value ?? (b?.floorTimes && floor ? b.floorTimes * floor.p95 : undefined);
    const measured = b?.p50 !== undefined ? f.p50 : figure;
    const budget = !b ? '' : b.floorTimes ? `p95 ≤ ${b.floorTimes}× floor` : `${b.p50 !== undefined ? 'p50' : b.value !== undefined ? '' : 'p95'} ≤ ${b.p95 ?? b.p50 ?? b.value} ${f.unit}`.trim();
    table.push({
      figure: f.name.trim(),
      n: f.n,
      p50: f.value === undefined ? fmt(f.p50) : '',
      'p95 / value': fmt(figure),
      unit: f.unit,
      budget,
      held: limit === undefined ? '' : measured <= limit ? 'yes' : 'NO',
      '× floor': f.unit === 'ms' && floor && f.name !== FLOOR_NAME ? (figure / floor.p95).toFixed(1) : '',
    });
  }
  console.log(`\nsummary: every figure beside its budget; '× floor' divides by the p95 of the last ${FLOOR_NAME} before it`);
  const columns = Object.keys(table[0] ?? {});
  const width = columns.map((c) => Math.max(c.length, ...table.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(width[i]) : String(cell).padStart(width[i]))).join('  ');
  console.log(line(columns));
  for (const r of table) console.log(line(columns.map((c) => r[c])));
}

const failed = [];
const ctx = { url: stack.url, partyUrl: stack.partyUrl, pushOrigin: pushService.origin, secrets: stack.secrets, workerGroup: stack.workerGroup, inspectorUrl: stack.inspectorUrl, persistTo, assetsDir, measure };
try {
  const files = readdirSync(path.join(ROOT, 'tests/bench')).filter((f) => f.endsWith('.bench.mjs') && (!filter || f.includes(filter))).sort();
  const durations = [];
  for (const file of files) {
    console.log(`\n${file}`);
    const started = Date.now();
    try {
      const mod = await import(pathToFileURL(path.join(ROOT, 'tests/bench', file)).href);
      await mod.default(ctx);
    } catch (err) {
      // One bench's failure is reported, and the others still run on the same stack.
      failed.push(file);
      console.log(`  ${file} FAILED: ${err.stack ?? err}${err.cause ? ` (cause: ${err.cause.stack ?? err.cause})` : ""}`);
    }
    durations.push(`${file.replace('.bench.mjs', '')} ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(`  (${durations.at(-1)}, load ${os.loadavg()[0].toFixed(1)})`);
  }
  summary();
  console.log(`\ndurations (wall clock, load ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end): ${durations.join(', ')}`);
  if (failed.length) {
    console.log(`\nbenches that failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
  await pushService.close();
  rmSync(persistTo, { recursive: true, force: true });
}
