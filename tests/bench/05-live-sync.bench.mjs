// Live sync over loopback: real Yjs clients (y-partykit provider over `ws`) against the
// party server and the Worker.
//  - edit-to-remote-apply latency: one device types, time until every other device has
//    applied the edit, with 2 and with 10 devices (goal p95 <= 25 ms);
//  - reconnect-to-converged after an offline burst of 500 edits (goal <= 1 s);
//  - a REST content write while a device has the concept open (goal p95 <= 3x the floor
//    GET /api/config measured just before it, so the figure means the same on a busy machine);
//  - opening a 100,000-character concept: connect to synced (goal <= 300 ms), cold (the
//    room loads from D1 and seeds) and warm (the room is already running).
import YPartyKitProvider from 'y-partykit/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { floor } from './01-accounts.bench.mjs';
import { account, call } from './lib.mjs';

function connect(partyHost, room, token) {
  const doc = new Y.Doc();
  const provider = new YPartyKitProvider(partyHost, room, doc, { params: { token }, WebSocketPolyfill: WebSocket, disableBc: true, protocol: 'ws', maxBackoffTime: 200 });
  return { doc, provider, text: doc.getText('bench'), destroy: () => (provider.destroy(), doc.destroy()) };
}

const synced = (c) => (c.provider.synced ? Promise.resolve() : new Promise((resolve) => c.provider.on('synced', (s) => s && resolve())));

async function until(check, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setImmediate(r));
  }
}

async function concept(url, token, title, content = null) {
  return (await call(url, 'POST', '/api/concepts', { token, json: { title, content } })).id;
}

async function editLatency({ url, measure }, partyHost, owner, devices) {
  const id = await concept(url, owner.token, `Latence ${devices}`);
  const clients = Array.from({ length: devices }, () => connect(partyHost, `u${owner.id}-c${id}`, owner.token));
  await Promise.all(clients.map(synced));
  const [writer, ...readers] = clients;
  await measure(`edit -> applied on ${devices - 1} other device(s) (${devices} devices)`, async (i) => {
    const mark = `<${i}>`;
    const seen = readers.map((r) => new Promise((resolve) => {
      const check = () => {
        if (r.text.toString().endsWith(mark)) {
          r.text.unobserve(check);
          resolve();
        }
      };
      r.text.observe(check);
    }));
    writer.text.insert(writer.text.length, mark);
    await Promise.all(seen);
  }, { iterations: 300, warmup: 20, budget: { p95: 25 } });
  clients.forEach((c) => c.destroy());
}

async function offlineBurst({ url, measure }, partyHost, owner) {
  const id = await concept(url, owner.token, 'Rafale hors ligne');
  const room = `u${owner.id}-c${id}`;
  const phone = connect(partyHost, room, owner.token);
  const laptop = connect(partyHost, room, owner.token);
  await Promise.all([synced(phone), synced(laptop)]);
  await measure('reconnect -> converged after 500 offline edits', async () => {
    phone.provider.disconnect();
    // Offline for real (the socket closed), as after 30 s without network.
    await until(() => phone.provider.ws === null);
    for (let i = 0; i < 500; i++) phone.text.insert(Math.floor(Math.random() * (phone.text.length + 1)), 'x');
    for (let i = 0; i < 20; i++) laptop.text.insert(0, 'y');
    const started = performance.now();
    phone.provider.connect();
    await until(() => phone.text.length === laptop.text.length && phone.text.toString() === laptop.text.toString());
    return performance.now() - started;
  }, { iterations: 10, warmup: 1, budget: { p95: 1_000 } });
  phone.destroy();
  laptop.destroy();
}

function bigDocument(chars) {
  const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '.repeat(8);
  const content = [];
  let total = 0;
  while (total < chars) {
    const text = paragraph.slice(0, Math.min(paragraph.length, chars - total));
    content.push({ type: 'paragraph', content: [{ type: 'text', text }] });
    total += text.length;
  }
  return { type: 'doc', content };
}

async function openLarge({ url, measure }, partyHost, owner) {
  const doc = bigDocument(100_000);
  const ids = [];
  for (let i = 0; i < 6; i++) ids.push(await concept(url, owner.token, `Grand ${i}`, doc));
  const open = async (id) => {
    const c = connect(partyHost, `u${owner.id}-c${id}`, owner.token);
    await synced(c);
    const length = c.doc.getXmlFragment('default').length;
    c.destroy();
    if (length !== doc.content.length) throw new Error(`opened ${length} paragraphs, expected ${doc.content.length}`);
  };
  await measure('open 100k-char concept, cold (load from D1 + seed)', (i) => open(ids[i]), { iterations: 5, warmup: 1, budget: { p95: 300 } });
  await measure('open 100k-char concept, warm room', () => open(ids[0]), { iterations: 30, warmup: 2, budget: { p95: 300 } });
}

/** A REST content write (one paragraph changed) while a device has the concept open, beside the floor of any call. */
async function restWriteWhileLive({ url, measure }, partyHost, owner) {
  const paragraphs = (i) => ({ type: 'doc', content: Array.from({ length: 20 }, (_, n) => ({ type: 'paragraph', content: [{ type: 'text', text: n === 3 ? `Paragraphe modifié ${i}` : `Paragraphe ${n}` }] })) });
  const created = await call(url, 'POST', '/api/concepts', { token: owner.token, json: { title: 'Écriture REST en direct', content: paragraphs(-1) } });
  const device = connect(partyHost, `u${owner.id}-c${created.id}`, owner.token);
  await synced(device);
  let version = (await call(url, 'GET', `/api/concepts/${created.id}`, { token: owner.token })).content_version;
  await floor({ url, measure });
  await measure('PUT /api/concepts/{id} content, room open (1 device)', async (i) => {
    const c = await call(url, 'PUT', `/api/concepts/${created.id}`, { token: owner.token, json: { title: 'Écriture REST en direct', content: paragraphs(i), content_version: version } });
    if (c.content_version === undefined) throw new Error(`PUT failed: ${JSON.stringify(c)}`);
    version = c.content_version;
  }, { iterations: 200, warmup: 10, budget: { floorTimes: 3 } });
  device.destroy();
}

export default async function liveSync(ctx) {
  const partyHost = new URL(ctx.partyUrl).host;
  const owner = await account(ctx.url, `bench_live_${Date.now() % 100000}`);
  owner.id = (await call(ctx.url, 'GET', '/api/users/me', { token: owner.token })).id;
  await restWriteWhileLive(ctx, partyHost, owner);
  await editLatency(ctx, partyHost, owner, 2);
  await editLatency(ctx, partyHost, owner, 10);
  await offlineBurst(ctx, partyHost, owner);
  await openLarge(ctx, partyHost, owner);
}
