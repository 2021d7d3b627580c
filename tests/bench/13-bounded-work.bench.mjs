// Bounded work (issue 32): how promptly an ordinary request (GET /api/config) is answered
// while pathological imports keep arriving one after another — a page nested 200,000 deep,
// 5 MB of prose, an .apkg whose collection expands to 256 MB, a JSON backup of 5 million
// empty objects. Budget: p95 ≤ 3× the idle floor measured just before, in the same run.
// Each pathological request must still answer its 4xx (else the bench fails).
import { zipSync } from 'fflate';
import { startPageServer } from '../support/page-server.mjs';
import { floor } from './01-accounts.bench.mjs';
import { account, call, printSamples, settle } from './lib.mjs';

const SAMPLES = 150;

/** A request whose 4xx is expected: answers the status, never throws on it. */
async function send(url, path, token, init) {
  const res = await fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  await res.arrayBuffer();
  return res.status;
}

const upload = (bytes, name, type) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return { method: 'POST', body: form };
};

export default async function boundedWorkBench(ctx) {
  const { url } = ctx;
  const me = await account(url, 'bounded_bench');
  const pages = await startPageServer();
  const bomb = zipSync({ 'collection.anki2': new Uint8Array(256 << 20) }, { level: 9 });
  const wide = Buffer.from(`{"concepts":[${'{},'.repeat(5_000_000)}{}]}`);
  console.log(`  inputs: .apkg bomb ${(bomb.length / 1024).toFixed(0)} KB → 256 MB; JSON backup ${(wide.length / 1024 / 1024).toFixed(1)} MB`);
  const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const cases = [
    ['a page nested 200,000 deep', () => send(url, '/api/import/extract-content', me.token, json({ url: `${pages.origin}/deep` })), 422],
    ['5 MB of prose', () => send(url, '/api/import/extract-content', me.token, json({ url: `${pages.origin}/prose` })), 422],
    ['an .apkg expanding to 256 MB', () => send(url, '/api/export-import/import/apkg', me.token, upload(bomb, 'deck.apkg', 'application/octet-stream')), 422],
    ['a 15 MB backup of 5 M objects', () => send(url, '/api/export-import/import/json?merge=true', me.token, upload(wide, 'backup.json', 'application/json')), 413],
  ];
  try {
    await settle(url); // building the inputs above left the connection idle for seconds
    await floor(ctx); // the idle floor, just before
    for (const [what, pathological, expected] of cases) {
      let running = true;
      let sent = 0;
      const statuses = new Set();
      const load = (async () => {
        while (running) {
          statuses.add(await pathological());
          sent += 1;
        }
      })();
      // Sampled once the first pathological request is on its way, back to back with the next ones.
      await new Promise((r) => setTimeout(r, 50));
      const times = [];
      for (let i = 0; i < SAMPLES; i++) {
        const start = performance.now();
        await call(url, 'GET', '/api/config');
        times.push(performance.now() - start);
      }
      running = false;
      await load;
      if (statuses.size !== 1 || !statuses.has(expected)) throw new Error(`${what}: answered ${[...statuses].join(', ')}, expected ${expected}`);
      printSamples(`GET /api/config while ${what} arrive`, times, 'ms', { floorTimes: 3 });
      console.log(`    (${sent} pathological requests answered ${expected} meanwhile)`);
    }
  } finally {
    await pages.close();
  }
}
