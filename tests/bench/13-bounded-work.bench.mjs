// Bounded work: how promptly an ordinary request (GET /api/config) is answered
// while pathological imports keep arriving one after another — a page nested 200,000 deep,
// 5 MB of prose, an .apkg whose collection expands to 256 MB, a JSON backup of 5 million
// empty objects. Budget: p95 ≤ 3× the idle floor measured just before, in the same run.
// Each pathological request must still answer its 4xx (else the bench fails). The hostile
// pages are served, and the pathological requests built and sent, by a child process
// (bounded-load.mjs): this process only times GET /api/config.
import { fork } from 'node:child_process';
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

export default async function boundedWorkBench(ctx) {
  const { url } = ctx;
  const me = await account(url, 'bounded_bench');
  const load = fork(fileURLToPath(new URL('./bounded-load.mjs', import.meta.url)), [url, me.token], { stdio: 'inherit' });
  try {
    const ready = await new Promise((resolve, reject) => {
      load.once('message', resolve);
      load.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
    });
    console.log(`  inputs (built by the load process): .apkg bomb ${ready.bombKiB} KB → 256 MB; JSON backup ${ready.backupMiB} MB`);
    await settle(url); // building the inputs left the connection idle for seconds
    await floor(ctx); // the idle floor, just before
    for (const [what, name, expected] of CASES) {
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
      const answered = Object.keys(statuses);
      if (answered.length !== 1 || answered[0] !== String(expected)) throw new Error(`${what}: answered ${JSON.stringify(statuses)}, expected ${expected}`);
      printSamples(`GET /api/config while ${what} arrive`, times, 'ms', { floorTimes: 3 });
      console.log(`    (${sent} pathological requests answered ${expected} meanwhile; load average ${os.loadavg()[0].toFixed(1)})`);
    }
  } finally {
    load.disconnect();
  }
}
