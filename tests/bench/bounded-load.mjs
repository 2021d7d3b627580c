// The pathological load of bench 13, in a process of its own (forked by
// 13-bounded-work.bench.mjs): it serves the hostile pages the Worker fetches, builds the
// hostile uploads and sends one pathological request after another, so none of that work
// (5 MB pages built and served, 15 MB bodies sent) runs in the process that times
// GET /api/config. Messages: { start: caseName } → keeps sending; { stop: true } → answers
// { sent, statuses } once the request in flight is answered.
import { zipSync } from 'fflate';
import { startPageServer } from '../support/page-server.mjs';

const [url, token] = process.argv.slice(2);
const pages = await startPageServer();
const bomb = zipSync({ 'collection.anki2': new Uint8Array(256 << 20) }, { level: 9 });
const wide = Buffer.from(`{"concepts":[${'{},'.repeat(5_000_000)}{}]}`);

/** A request whose 4xx is expected: answers the status, never throws on it. */
async function send(path, init) {
  const res = await fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  await res.arrayBuffer();
  return res.status;
}
const upload = (bytes, name, type) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return { method: 'POST', body: form };
};
const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const CASES = {
  deep: () => send('/api/import/extract-content', json({ url: `${pages.origin}/deep` })),
  prose: () => send('/api/import/extract-content', json({ url: `${pages.origin}/prose` })),
  apkg: () => send('/api/export-import/import/apkg', upload(bomb, 'deck.apkg', 'application/octet-stream')),
  backup: () => send('/api/export-import/import/json?merge=true', upload(wide, 'backup.json', 'application/json')),
};

let running = null;
let stopping = false;
process.on('message', async (message) => {
  if (message.start) {
    stopping = false;
    const statuses = {};
    let sent = 0;
    running = (async () => {
      while (!stopping) {
        const status = await CASES[message.start]().catch((err) => `error ${err.cause?.code ?? err.message}`);
        statuses[status] = (statuses[status] ?? 0) + 1;
        sent += 1;
      }
      return { sent, statuses };
    })();
    process.send({ started: message.start });
  } else if (message.stop) {
    stopping = true;
    process.send(await running);
  }
});
process.on('disconnect', () => void pages.close().then(() => process.exit(0)));
process.send({ ready: true, bombKiB: Math.round(bomb.length / 1024), backupMiB: +(wide.length / 1024 / 1024).toFixed(1) });
