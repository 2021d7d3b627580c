// `npm test`: type-check, then every test layer in order (unit, api, sync, e2e). Each
// layer's counts are read from vitest's JSON report and summed into one closing line.
import { spawnSync } from 'node:child_process';
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

if (!only.length) {
  step('typecheck (worker, party, tests)', bin('tsc'), ['-p', 'tsconfig.json']);
  step('typecheck (web)', bin('tsc'), ['-p', 'web/tsconfig.json']);
  step('typecheck (service worker)', bin('tsc'), ['-p', 'web/sw/tsconfig.json']);
  step('typecheck (browser tests)', bin('tsc'), ['-p', 'tests/e2e/tsconfig.json']);
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
