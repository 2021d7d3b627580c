// Starts the local Astrolabe stack: the Worker (wrangler dev, embedded D1 and R2) and the
// party server (partykit dev). Used by `npm start`, the sync and e2e tests, and the bench.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');

/** Environment that keeps wrangler and partykit off the network. */
export const OFFLINE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
  NO_UPDATE_NOTIFIER: '1',
  PARTYKIT_DISABLE_TELEMETRY: '1',
};

/** Local secrets, generated once into the git-ignored .dev.vars (wrangler reads it too). */
export function ensureDevVars() {
  const file = path.join(ROOT, '.dev.vars');
  const vars = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^([A-Z_]+)\s*=\s*"?([^"]*)"?$/.exec(line.trim());
      if (m) vars[m[1]] = m[2];
    }
  }
  let changed = false;
  for (const name of ['JWT_SECRET', 'INTERNAL_SECRET']) {
    if (!vars[name]) {
      vars[name] = randomBytes(32).toString('base64url');
      changed = true;
    }
  }
  if (!vars.VAPID_PUBLIC_KEY || !vars.VAPID_PRIVATE_KEY) {
    // Web Push: a P-256 VAPID key pair, base64url (public uncompressed point, private `d`).
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = privateKey.export({ format: 'jwk' });
    vars.VAPID_PUBLIC_KEY = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65).toString('base64url');
    vars.VAPID_PRIVATE_KEY = jwk.d;
    changed = true;
  }
  if (changed) writeFileSync(file, Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join('\n') + '\n', { mode: 0o600 });
  return vars;
}

export function run(cmd, args, opts = {}) {
  const env = { ...OFFLINE_ENV, ...opts.env };
  const result = spawnSync(cmd, args, { cwd: ROOT, env, stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    if (opts.quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed with status ${result.status}`);
  }
  return result;
}

/** Builds the SPA into `outDir` (default web/dist; tests build into their own folder). */
export function buildWeb({ quiet = false, outDir } = {}) {
  const args = ['build', '--config', 'web/vite.config.ts', '--logLevel', quiet ? 'warn' : 'info'];
  if (outDir) args.push('--outDir', outDir);
  // Test runners set NODE_ENV=test, which would make Vite bundle React's development build.
  run(path.join(BIN, 'vite'), args, { quiet, env: { NODE_ENV: 'production' } });
}

export function applyMigrations({ persistTo, quiet = false } = {}) {
  const args = ['d1', 'migrations', 'apply', 'DB', '--local'];
  if (persistTo) args.push('--persist-to', persistTo);
  run(path.join(BIN, 'wrangler'), args, { quiet });
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, name, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function launch(name, cmd, args, { quiet, extraEnv = {} }) {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...OFFLINE_ENV, ...extraEnv },
    detached: true,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  let log = '';
  if (quiet) {
    const keep = (chunk) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }
  child.recentLog = () => log;
  child.label = name;
  return child;
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try { process.kill(-child.pid, 'SIGTERM'); } catch { clearTimeout(timer); resolve(); }
  });
}

/**
 * The Worker's and the party server's variables (secrets among them) go in files only this
 * user can read, never on their command lines, which any local user sees in `ps`: wrangler
 * reads a dotenv file (`--env-file`, instead of .dev.vars), partykit a copy of
 * partykit.json with `vars` (`--config`; its parties point back at this checkout).
 */
function writeVarsFiles(workerVars, partyVars) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-vars-'));
  const dotenv = (vars) =>
    Object.entries(vars)
      .map(([k, v]) => {
        if (/[\r\n"\\]/.test(String(v))) throw new Error(`${k}: a variable of the local stack cannot hold a newline, a quote or a backslash`);
        return `${k}="${v}"`;
      })
      .join('\n') + '\n';
  const workerEnv = path.join(dir, 'worker.env');
  writeFileSync(workerEnv, dotenv(workerVars), { mode: 0o600 });
  const config = JSON.parse(readFileSync(path.join(ROOT, 'partykit.json'), 'utf8'));
  const absolute = (file) => path.join(ROOT, file);
  config.main = absolute(config.main);
  config.parties = Object.fromEntries(Object.entries(config.parties ?? {}).map(([name, file]) => [name, absolute(file)]));
  config.vars = { ...config.vars, ...partyVars };
  const partyConfig = path.join(dir, 'partykit.json');
  writeFileSync(partyConfig, JSON.stringify(config, null, 2), { mode: 0o600 });
  return { workerEnv, partyConfig, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Turns off the Network events of the Worker's isolate. `wrangler dev` relays the isolate's
 * DevTools (its InspectorProxyWorker, at `inspectorUrl`) and enables the Network domain
 * there: every subrequest — each D1 call, each fetch to the party server — then raises four
 * DevTools events (request sent, response, data, finished), and the relay posts each one
 * to wrangler's Node process as a debug log, which Node drops below log level debug: about
 * 3.5 ms of Node CPU per D1 call besides the Worker's own, which no deployed Worker pays
 * (and the relay keeps every event in a buffer until a DevTools window connects).
 * wrangler dev has no option for it, so the domain is disabled through the relay once the
 * Worker is up. The Worker, D1 and the console logs are untouched; a DevTools window
 * enables the domain again for itself when it connects, as wrangler does when it reloads
 * the Worker after a change. Best effort: on failure the stack runs as before.
 */
async function muteNetworkEvents(inspectorUrl) {
  let socket;
  try {
    const { default: WebSocket } = await import('ws');
    const [target] = await (await fetch(`${inspectorUrl}/json`, { signal: AbortSignal.timeout(5000) })).json();
    socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer')), 5000);
      socket.on('message', (data) => JSON.parse(String(data)).id === 1 && (clearTimeout(timer), resolve()));
      socket.send(JSON.stringify({ id: 1, method: 'Network.disable' }));
    });
  } catch (err) {
    console.warn(`The Worker's DevTools Network events stay on (${err.message}): each subrequest costs wrangler's Node process some CPU.`);
  } finally {
    socket?.close();
  }
}

/**
 * Starts the party server and the Worker. Returns their URLs, the secrets in force,
 * and `stop()`, plus `startParty()`/`stopParty()` for tests that restart the room server.
 */
export async function startStack({
  port = 8787,
  partyPort = 1999,
  persistTo,
  secrets = ensureDevVars(),
  quiet = false,
  vars = {},
  assetsDir,
} = {}) {
  const host = '127.0.0.1';
  const partyHost = `${host}:${partyPort}`;
  const common = { JWT_SECRET: secrets.JWT_SECRET, INTERNAL_SECRET: secrets.INTERNAL_SECRET, ENVIRONMENT: 'development', ...vars };
  // Everything .dev.vars holds (the VAPID key pair, an AI key…) reaches the Worker, as when wrangler read it itself.
  // The host pages of development and the e2e tests (tests/e2e/host) frame the embedded editor from any local port.
  const workerVars = { ...secrets, ...common, PARTY_HOST: partyHost, EMBED_HOST_ORIGINS: 'http://127.0.0.1:* http://localhost:*' };
  const partyVars = { ...common, WORKER_URL: `http://${host}:${port}` };
  if (!existsSync(path.join(ROOT, 'web/dist'))) mkdirSync(path.join(ROOT, 'web/dist'), { recursive: true });

  const inspectorPort = await freePort();
  const workerArgs = ['dev', '--ip', host, '--port', String(port), '--local', '--show-interactive-dev-session=false', '--inspector-port', String(inspectorPort)];
  // /__scheduled?cron=… runs the Worker's cron handler locally (the reminder bench uses it).
  workerArgs.push('--test-scheduled');
  if (persistTo) workerArgs.push('--persist-to', persistTo);
  if (assetsDir) workerArgs.push('--assets', assetsDir);
  const files = writeVarsFiles(workerVars, partyVars);
  workerArgs.push('--env-file', files.workerEnv);

  const partyPersist = persistTo ? path.join(persistTo, 'party') : path.join(ROOT, '.partykit/state');
  const partyArgs = ['dev', '--config', files.partyConfig, '--port', String(partyPort), '--disable-request-cf-fetch', '--no-hotkeys', '--persist', partyPersist];

  const children = {};
  const startParty = async () => {
    children.party = launch('party', path.join(BIN, 'partykit'), partyArgs, { quiet });
    await waitFor(`http://${partyHost}/`, children.party, 'party server');
  };
  const stopParty = async () => {
    if (children.party) await stopChild(children.party);
  };

  children.worker = launch('worker', path.join(BIN, 'wrangler'), workerArgs, { quiet });
  try {
    await Promise.all([startParty(), waitFor(`http://${host}:${port}/api/config`, children.worker, 'worker')]);
    await muteNetworkEvents(`http://${host}:${inspectorPort}`);
  } catch (err) {
    const logs = Object.values(children).map((c) => `--- ${c.label}\n${c.recentLog()}`).join('\n');
    await Promise.all(Object.values(children).map(stopChild));
    files.remove();
    throw new Error(`${err.message}\n${logs}`);
  }
  return {
    url: `http://${host}:${port}`,
    partyUrl: `http://${partyHost}`,
    secrets,
    /** wrangler's process group: workerd runs inside it (the data bench samples its memory). */
    workerGroup: children.worker.pid,
    /** wrangler's DevTools endpoint for the Worker's isolate (the data bench reads its heap). */
    inspectorUrl: `http://${host}:${inspectorPort}`,
    startParty,
    stopParty,
    logs: () => Object.values(children).map((c) => `--- ${c.label}\n${c.recentLog()}`).join('\n'),
    stop: async () => {
      await Promise.all(Object.values(children).map(stopChild));
      files.remove();
    },
  };
}
