// `npm test`: type-check (the projects side by side), then every test layer in order
// (unit, api, sync, e2e). Each layer's counts are read from vitest's JSON report and summed
// into one closing line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { OFFLINE_ENV, ROOT } from './lib/stack.mjs';

const LAYERS = ['unit', 'api', 'sync', 'e2e'];
const only = process.argv.slice(2).filter((a) => LAYERS.includes(a));
const layers = only.length ? only : LAYERS;
const reports = path.join(ROOT, 'tests/.artifacts/reports');
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

let failedSteps = 0;
let passed = 0;
let failed = 0;
let skipped = 0;
const started = Date.now();

function step(label, cmd, args) {
  console.log(`\n━━ ${label}`);
  const t0 = Date.now();
  const result = spawnSync(cmd, args, { cwd: ROOT, env: OFFLINE_ENV, stdio: 'inherit' });
  console.log(`━━ ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps += 1;
  return result.status === 0;
}

/**
 * The four type-checks at once (each tsc uses one core; the machine has two), each one's
 * output printed whole when it ends, in the order given.
 */
async function typecheckAll(projects) {
  const t0 = Date.now();
  const runs = projects.map(([label, project]) => ({
    label,
    done: new Promise((resolve) => {
      const child = spawn(bin('tsc'), ['-p', project], { cwd: ROOT, env: OFFLINE_ENV });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (status) => resolve({ status, output, seconds: (Date.now() - t0) / 1000 }));
    }),
  }));
  for (const { label, done } of runs) {
    const { status, output, seconds } = await done;
    console.log(`\n━━ ${label}`);
    if (output) process.stdout.write(output);
    console.log(`━━ ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
    if (status !== 0) failedSteps += 1;
  }
}

if (!only.length) {
  await typecheckAll([
    ['typecheck (web)', 'web/tsconfig.json'],
    ['typecheck (worker, party, tests)', 'tsconfig.json'],
    ['typecheck (service worker)', 'web/sw/tsconfig.json'],
    ['typecheck (browser tests)', 'tests/e2e/tsconfig.json'],
  ]);
}

for (const layer of layers) {
  const report = path.join(reports, `${layer}.json`);
  rmSync(report, { force: true });
  const ok = step(`${layer} tests`, bin('vitest'), ['run', '--config', `tests/${layer}/vitest.config.ts`, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    if (!json.numTotalTests) {
      console.log(`━━ ${layer}: no test ran`);
      failedSteps += 1;
    }
  } else if (ok) {
    failedSteps += 1;
    console.log(`━━ ${layer}: no report written`);
  }
}

console.log(`\nAll layers done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps || failed ? 1 : 0);
