// The Worker served by workerd alone, as in production: no `wrangler dev` in front of it.
// `wrangler dev` puts a relay before the Worker (its ProxyWorker, and an InspectorProxyWorker
// that takes every DevTools message of the Worker's isolate) in a workerd process of its own;
// under a hostile load that relay spends several times the Worker's CPU. Here the Worker is
// bundled as `wrangler deploy --dry-run` bundles it and handed to Miniflare with the bindings
// wrangler.toml gives it (D1, R2, assets), on a D1 of its own; Miniflare's URL is workerd's
// own socket, and no inspector is opened. Used by bench 13 for its production-like figures.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { ROOT, applyMigrations, freePort, run } from '../../scripts/lib/stack.mjs';

/**
 * Starts the bundled Worker in workerd; `vars` are added to (and override) its variables.
 * `inspect`: workerd's own DevTools socket is opened (`inspectorUrl`), with no proxy in
 * front of it, for isolate-heap.mjs to read the Worker's heap.
 */
export async function startDirectWorker({ secrets, vars = {}, inspect = false }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-direct-'));
  const bundle = path.join(dir, 'bundle');
  run(path.join(ROOT, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', bundle], { quiet: true });
  applyMigrations({ persistTo: dir, quiet: true });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(ROOT, 'wrangler.toml'));
  const inspectorPort = inspect ? await freePort() : null;
  const mf = new Miniflare({
    ...workerOptions,
    name: 'astrolabe',
    modules: true,
    modulesRoot: bundle,
    scriptPath: path.join(bundle, 'index.js'),
    bindings: { ...workerOptions.bindings, JWT_SECRET: secrets.JWT_SECRET, INTERNAL_SECRET: secrets.INTERNAL_SECRET, ENVIRONMENT: 'development', ...vars },
    // Where `wrangler d1 migrations apply --persist-to dir` put the database.
    d1Persist: path.join(dir, 'v3', 'd1'),
    r2Persist: path.join(dir, 'v3', 'r2'),
    host: '127.0.0.1',
    port: await freePort(),
    ...(inspectorPort ? { inspectorPort } : {}),
  });
  const url = await mf.ready;
  return {
    url: url.origin,
    inspectorUrl: inspectorPort ? `http://127.0.0.1:${inspectorPort}` : null,
    stop: async () => {
      await mf.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
