// Peak memory of the local Worker runtime while a long call runs (the 128 MB
// budget of a Worker). workerd does not report an isolate's heap to the Worker itself, so this samples
// the resident set (RSS, from `ps`) of the workerd processes in wrangler's process group
// every 100 ms. RSS is an upper bound of the isolate's heap: it also holds the runtime
// itself, the local D1's SQLite (its page cache) and every other isolate of the stack.
// The figure that matters is the rise above the idle RSS measured just before the call.
import { execFile } from 'node:child_process';

/** Total RSS in KiB of the workerd processes whose process group is `group`. */
function workerdRssKiB(group) {
  return new Promise((resolve) => {
    execFile('ps', ['-eo', 'pgid=,rss=,comm='], (err, stdout) => {
      if (err) return resolve(null);
      let total = 0;
      for (const line of stdout.split('\n')) {
        const [pgid, rss, comm] = line.trim().split(/\s+/);
        if (Number(pgid) === group && comm === 'workerd') total += Number(rss);
      }
      resolve(total || null);
    });
  });
}

/** Runs `fn` while sampling; returns its result and `{ idleMiB, peakMiB, riseMiB, samples }`. */
export async function withPeakMemory(group, fn) {
  if (!group) return { result: await fn(), memory: null };
  const idle = await workerdRssKiB(group);
  let peak = idle ?? 0;
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rss = await workerdRssKiB(group);
      if (rss) {
        peak = Math.max(peak, rss);
        samples += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await fn();
    return { result, memory: summary() };
  } finally {
    running = false;
    await sampler;
  }
  function summary() {
    const mib = (kib) => Math.round((kib / 1024) * 10) / 10;
    return { idleMiB: mib(idle ?? 0), peakMiB: mib(peak), riseMiB: mib(peak - (idle ?? 0)), samples };
  }
}

export const describeMemory = (m) =>
  m ? `workerd RSS idle ${m.idleMiB} MiB, peak ${m.peakMiB} MiB (+${m.riseMiB} MiB, ${m.samples} samples)` : 'workerd RSS not sampled';
