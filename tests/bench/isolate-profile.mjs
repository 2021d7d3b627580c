// The Worker isolate's CPU profile, read through wrangler's DevTools endpoint (as
// isolate-heap.mjs reads its heap): V8's sampling profiler at 100 µs while a call runs,
// summed as self time per function (its name, bundle line). '(idle)' is the isolate waiting
// (on D1 above all: the database runs outside it). Slows the isolate: a separate pass from
// the timed one.
import WebSocket from 'ws';

/** Runs `fn` under the profiler; `{ result, totalMs, top: [{ name, ms }] }`, or `profile: null` without an inspector. */
export async function withCpuProfile(inspectorUrl, fn, { top = 15 } = {}) {
  const targets = await (await fetch(`${inspectorUrl}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) return { result: await fn(), profile: null };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  let nextId = 1;
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: 100 });
    await send('Profiler.start');
    const result = await fn();
    const { profile } = await send('Profiler.stop');
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const self = new Map();
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id);
      const name = `${frame.functionName || '(anonymous)'}${frame.lineNumber >= 0 ? ` ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}` : ''}`;
      self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const totalMs = [...self.values()].reduce((a, b) => a + b, 0);
    return { result, totalMs, top: [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]) => ({ name, ms })) };
  } finally {
    socket.close();
  }
}

/** Prints a profile's top functions by self time, each as ms per `runs`. */
export function printProfile(title, { totalMs, top }, runs) {
  console.log(`  CPU profile: ${title} — ${(totalMs / runs).toFixed(1)} ms sampled per run, self time per run:`);
  for (const { name, ms } of top) console.log(`    ${(ms / runs).toFixed(2).padStart(7)} ms  ${name}`);
}
