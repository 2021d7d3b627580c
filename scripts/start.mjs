// `npm start`: build the SPA, migrate the local D1, run the Worker and the party server.
// `npm run dev` (--dev): the same with Vite's hot reload in front of the Worker.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, applyMigrations, buildWeb, ensureDevVars, startStack } from './lib/stack.mjs';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8787);
const partyPort = Number(process.env.PARTY_PORT ?? 1999);
const started = Date.now();

const secrets = ensureDevVars();
if (!dev) {
  console.log('Building the web app…');
  buildWeb({ quiet: true });
}
console.log('Applying D1 migrations to the local database…');
applyMigrations({ quiet: true });
console.log('Starting the Worker and the party server…');
const stack = await startStack({ port, partyPort, secrets });

let vite;
if (dev) {
  vite = spawn(path.join(ROOT, 'node_modules/.bin/vite'), ['--config', 'web/vite.config.ts', '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, WORKER_PORT: String(port) },
    stdio: 'inherit',
  });
}
const url = dev ? 'http://127.0.0.1:5173' : stack.url;
console.log(`\n  Astrolabe is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`  Party server at ${stack.partyUrl}. Press Ctrl-C to stop.\n`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  vite?.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
