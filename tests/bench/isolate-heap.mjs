// The Worker isolate's own V8 heap, read through wrangler's DevTools endpoint
// (`Runtime.getHeapUsage`, sampled every 100 ms): the V8 heap in use plus its ArrayBuffer
// backing stores (`backingStorageSize`, where sql.js's WebAssembly memory and byte
// buffers live), the isolate memory the 128 MB limit counts. The runtime's own C++
// memory and the local D1 are outside it (process-memory.mjs's RSS includes them).
import WebSocket from 'ws';

async function connect(inspectorUrl) {
  const targets = await (await fetch(`${inspectorUrl}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) return null;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const resolve = waiting.get(message.id);
    if (resolve) {
      waiting.delete(message.id);
      resolve(message.result ?? null);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
      setTimeout(() => waiting.delete(id) && resolve(null), 2000);
    });
  return { send, close: () => socket.close() };
}

/** Runs `fn` while sampling the isolate's used heap; `{ result, heap: { idleMiB, peakMiB, samples } | null }`. */
export async function withPeakHeap(inspectorUrl, fn) {
  let session = null;
  try {
    session = inspectorUrl ? await connect(inspectorUrl) : null;
  } catch {
    session = null;
  }
  if (!session) return { result: await fn(), heap: null };
  const used = async () => {
    const usage = await session.send('Runtime.getHeapUsage');
    return usage ? usage.usedSize + (usage.backingStorageSize ?? 0) : null;
  };
  const idle = await used();
  let peak = idle ?? 0;
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const size = await used();
      if (size !== null) {
        peak = Math.max(peak, size);
        samples += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await fn();
    const mib = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    return { result, heap: { idleMiB: mib(idle ?? 0), peakMiB: mib(peak), samples } };
  } finally {
    running = false;
    await sampler;
    session.close();
  }
}

export const describeHeap = (h) => (h ? `isolate heap + buffers idle ${h.idleMiB} MiB, peak ${h.peakMiB} MiB (${h.samples} samples)` : 'isolate heap not sampled');
