// The Worker isolate's own V8 heap, read through wrangler's DevTools endpoint
// (`Runtime.getHeapUsage`, sampled every 100 ms): the V8 heap in use plus its ArrayBuffer
// backing stores (`backingStorageSize`, where sql.js's WebAssembly memory and byte
// buffers live), the isolate memory the 128 MB limit counts. The runtime's own C++
// memory and the local D1 are outside it (process-memory.mjs's RSS includes them).
import WebSocket from 'ws';

/** `ASTROLABE_BENCH_LIVE_HEAP=1`: a full collection with each sample (see `ask`). */
const LIVE = process.env.ASTROLABE_BENCH_LIVE_HEAP === '1';
/** `ASTROLABE_BENCH_HEAP_TRACE=1`: every sample printed with its time since the call began. */
const TRACE = process.env.ASTROLABE_BENCH_HEAP_TRACE === '1';

/** A run's samples as `idle 15.6, 1.0s 76.6, …` (MiB; seconds since the call began). */
export const describeSeries = (h) => h.series.map(([s, mib]) => (s === null ? `idle ${mib}` : `${s.toFixed(1)}s ${mib}`)).join(', ');

/**
 * The isolate answers DevTools only between its tasks, so a busy call delays the answers:
 * one request is kept in flight and every answer counts whenever it comes.
 */
async function connect(inspectorUrl, onUsage) {
  const targets = await (await fetch(`${inspectorUrl}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) return null;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let inFlight = null;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.id !== undefined && message.id === inFlight?.id) {
      if (message.result?.usedSize !== undefined) onUsage(message.result.usedSize + (message.result.backingStorageSize ?? 0));
      inFlight.resolve();
      inFlight = null;
    }
  });
  let nextId = 1;
  /** Asks for the heap usage unless a request is still unanswered; resolves on the answer. */
  const ask = () => {
    if (inFlight) return inFlight.done;
    const id = nextId++;
    let resolve;
    const done = new Promise((r) => (resolve = r));
    inFlight = { id, resolve, done };
    // Near-live memory: a full collection is asked for with every sample (what a 128 MB cap
    // would make V8 do). workerd may run it just after answering the sample, so a figure
    // is at most the garbage of ~100 ms above live memory. Slows the isolate: a separate
    // pass from the timed one.
    if (LIVE) socket.send(JSON.stringify({ id: -id, method: 'HeapProfiler.collectGarbage' }));
    socket.send(JSON.stringify({ id, method: 'Runtime.getHeapUsage' }));
    return done;
  };
  return { ask, close: () => socket.close() };
}

/** Runs `fn` while sampling the isolate's heap + buffers every `everyMs`; `{ result, heap: { idleMiB, peakMiB, samples, series } | null }` (`series`: each sample as [seconds since the call began (null for the idle one), MiB]). */
export async function withPeakHeap(inspectorUrl, fn, { everyMs = 100 } = {}) {
  let idle = null;
  let peak = 0;
  let samples = 0;
  let session = null;
  let started = null;
  const series = [];
  const mib = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  try {
    session = inspectorUrl
      ? await connect(inspectorUrl, (bytes) => {
          idle ??= bytes;
          peak = Math.max(peak, bytes);
          samples += 1;
          series.push([started === null ? null : (performance.now() - started) / 1000, mib(bytes)]);
        })
      : null;
  } catch {
    session = null;
  }
  if (!session) return { result: await fn(), heap: null };
  await session.ask();
  started = performance.now();
  let running = true;
  const timer = setInterval(() => running && session.ask(), everyMs);
  try {
    const result = await fn();
    // The answer to a request sent during the call's last busy stretch still counts.
    await Promise.race([session.ask(), new Promise((r) => setTimeout(r, 2000))]);
    const heap = { idleMiB: mib(idle ?? 0), peakMiB: mib(peak), samples, series };
    if (TRACE) console.log(`    samples (MiB): ${describeSeries(heap)}`);
    return { result, heap };
  } finally {
    running = false;
    clearInterval(timer);
    session.close();
  }
}

export const describeHeap = (h) => (h ? `isolate heap + buffers${LIVE ? ' (a collection forced with each sample)' : ''} idle ${h.idleMiB} MiB, peak ${h.peakMiB} MiB (${h.samples} samples)` : 'isolate heap not sampled');

/**
 * `run(url)` made on the Worker in workerd alone (direct-worker.mjs: no `wrangler dev`
 * relay taking the isolate's DevTools messages), its heap sampled through workerd's own
 * DevTools socket. `{ result, heap }` as withPeakHeap. Measured: the relay was not what
 * held the answers back — workerd alone answered 5 samples in a 50,000-card import of
 * 224 s (load 30): the isolate answers DevTools only when a request yields to a timer
 * (lib/breathe.ts), not while it awaits D1.
 */
export async function withDirectPeakHeap(ctx, run) {
  const { startDirectWorker } = await import('./direct-worker.mjs');
  const direct = await startDirectWorker({ secrets: ctx.secrets, vars: { LOGIN_WINDOW_SECONDS: '1' }, inspect: true });
  try {
    return await withPeakHeap(direct.inspectorUrl, () => run(direct.url));
  } finally {
    await direct.stop();
  }
}
