// Bounded work: how promptly an ordinary request (GET /api/config) is answered
// while pathological imports keep arriving one after another — a page nested 200,000 deep,
// 5 MB of prose, an .apkg whose collection expands to 256 MB, a JSON backup of 5 million
// empty objects. Budget: p95 ≤ 3× the idle floor measured just before, in the same run.
// Each pathological request must still answer its 4xx (else the bench fails). The hostile
// pages are served, and the pathological requests built and sent, by a child process
// (bounded-load.mjs): this process only times GET /api/config.
//
// Measured twice: through `wrangler dev` (the stack every bench uses), then against the
// Worker in workerd alone (direct-worker.mjs), which is what production runs: wrangler's
// relay in front of the Worker spends several times the Worker's CPU on these requests.
// Each case prints the CPU time each local process spent meanwhile (from /proc), so the
// Worker's own share is seen beside the relay's.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { floor } from './01-accounts.bench.mjs';
import { account, call, printSamples, settle } from './lib.mjs';

const SAMPLES = 150;

const CASES = [
  ['a page nested 200,000 deep', 'deep', 422],
  ['5 MB of prose', 'prose', 422],
  ['an .apkg expanding to 256 MB', 'apkg', 422],
  ['a 15 MB backup of 5 M objects', 'backup', 413],
];

/** The child's next message after sending it `message`. */
const ask = (child, message) =>
  new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
    child.send(message);
  });

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second

/** Each process's name → CPU ms so far (user + system), for the processes `pick` names. */
function cpuTimes(pick) {
  const out = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      const name = pick({ ppid: Number(fields[1]), pgid: Number(fields[2]), cmdline });
      if (name) out[name] = (out[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

const cpuSpent = (before, after) =>
  Object.entries(after)
    .map(([name, ms]) => `${name} ${Math.round(ms - (before[name] ?? 0))} ms`)
    .join(', ');

/** Runs the four cases against `url`, labelling each figure with `label`. */
async function runCases({ url, measure, secrets }, label, processes) {
  const me = await account(url, 'bounded_bench');
  const load = fork(fileURLToPath(new URL('./bounded-load.mjs', import.meta.url)), [url, me.token], { stdio: 'inherit' });
  try {
    const ready = await new Promise((resolve, reject) => {
      load.once('message', resolve);
      load.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
    });
    console.log(`  ${label}: inputs (built by the load process): .apkg bomb ${ready.bombKiB} KB → 256 MB; JSON backup ${ready.backupMiB} MB`);
    await settle(url); // building the inputs left the connection idle for seconds
    await floor({ url, measure, secrets }); // the idle floor, just before
    for (const [what, name, expected] of CASES) {
      const cpuBefore = cpuTimes(processes);
      await ask(load, { start: name });
      // Sampled once the first pathological request is on its way, back to back with the next ones.
      await new Promise((r) => setTimeout(r, 50));
      const times = [];
      for (let i = 0; i < SAMPLES; i++) {
        const start = performance.now();
        await call(url, 'GET', '/api/config');
        times.push(performance.now() - start);
      }
      const { sent, statuses } = await ask(load, { stop: true });
      const cpu = cpuSpent(cpuBefore, cpuTimes(processes));
      const answered = Object.keys(statuses);
      if (answered.length !== 1 || answered[0] !== String(expected)) throw new Error(`${what} (${label}): answered ${JSON.stringify(statuses)}, expected ${expected}`);
      printSamples(`GET /api/config while ${what} arrive${label === 'wrangler dev' ? '' : ` [${label}]`}`, times, 'ms', { floorTimes: 3 });
      console.log(`    (${sent} pathological requests answered ${expected} meanwhile; CPU: ${cpu}; load average ${os.loadavg()[0].toFixed(1)})`);
    }
  } finally {
    load.disconnect();
  }
}

export default async function boundedWorkBench(ctx) {
  // Through wrangler dev: its node process, the relay's workerd (listening on the stack's
  // port) and the Worker's workerd, all in wrangler's process group.
  const port = new URL(ctx.url).port;
  await runCases(ctx, 'wrangler dev', ({ pgid, cmdline }) => {
    if (pgid !== ctx.workerGroup) return null;
    if (!cmdline.includes('workerd')) return cmdline.includes('wrangler') ? 'wrangler (node)' : null;
    return cmdline.includes(`entry=127.0.0.1:${port} `) ? 'relay (workerd)' : 'Worker (workerd)';
  });
  // The Worker in workerd alone, started by this process.
  // Loaded only now: wrangler's and Miniflare's modules are not needed by the first half.
  const { startDirectWorker } = await import('./direct-worker.mjs');
  const direct = await startDirectWorker({ secrets: ctx.secrets, vars: { LOGIN_WINDOW_SECONDS: '1' } });
  try {
    await runCases({ ...ctx, url: direct.url }, 'workerd alone', ({ ppid, cmdline }) => (ppid === process.pid && cmdline.includes('workerd') ? 'Worker (workerd)' : null));
  } finally {
    await direct.stop();
  }
}
