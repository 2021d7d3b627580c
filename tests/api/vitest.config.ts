import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { startPageServer } from '../support/page-server.mjs';
import { startPushServer } from '../support/push-server.mjs';
import { startChatServer } from '../support/chat-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function ankiFixtures(): Record<string, string> {
  const folder = path.join(root, 'tests/fixtures/anki');
  return Object.fromEntries(readdirSync(folder).filter((f) => f.endsWith('.apkg')).map((f) => [f, readFileSync(path.join(folder, f)).toString('base64')]));
}

/** Each vault folder of tests/fixtures/vaults as path → base64, hidden folders included (the import must skip them). */
function vaultFixtures(): Record<string, Record<string, string>> {
  const folder = path.join(root, 'tests/fixtures/vaults');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return Object.fromEntries(
    readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => [e.name, Object.fromEntries(files(path.join(folder, e.name)).map((f) => [path.relative(path.join(folder, e.name), f), readFileSync(f).toString('base64')]))]),
  );
}

/** The table files of tests/fixtures/card-tables (not the csv-spectrum folder) as name → text. */
function cardTableFixtures(): Record<string, string> {
  const folder = path.join(root, 'tests/fixtures/card-tables');
  return Object.fromEntries(readdirSync(folder).filter((f) => /\.(csv|txt)$/.test(f)).map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]));
}

/**
 * The libraries the Worker imports, with every subpath it imports (one bundle shares their
 * classes), read from its source so that a new import is bundled too. sql.js stays out: the
 * Worker imports its wasm as a compiled WebAssembly module beside its loader.
 */
function workerLibraries(): string[] {
  const folder = path.join(root, 'worker/src');
  const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const found = new Set<string>();
  for (const file of sources) {
    for (const [, typeOnly, name] of readFileSync(path.join(folder, file), 'utf8').matchAll(/^import (type )?[^;]*? from '([^.'@][^']*|@[^/'][^']*\/[^']+)';/gms)) {
      if (!typeOnly && !name!.startsWith('sql.js') && !name!.startsWith('@domain')) found.add(name!);
    }
  }
  return [...found].sort();
}

export default defineConfig(async () => {
  // wrangler.toml's [assets] folder must exist even though API tests never serve the SPA
  // (a fresh clone has not built it).
  mkdirSync(path.join(root, 'web/dist'), { recursive: true });
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  // The outside web for the import's tests: a loopback server the Worker fetches from workerd.
  const pages = await startPageServer();
  // A Web Push service on loopback: the Worker delivers every push to it.
  const push = await startPushServer();
  // An OpenAI-compatible chat service on loopback, for the AI routes with a provider configured.
  const chat = await startChatServer();
  // A VAPID key pair for the Web Push tests' scheduled run.
  const vapid = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
  const vapidPublic = Buffer.from((await crypto.subtle.exportKey('raw', vapid.publicKey)) as ArrayBuffer).toString('base64url');
  const vapidPrivate = ((await crypto.subtle.exportKey('jwk', vapid.privateKey)) as JsonWebKey).d!;
  return {
    root,
    resolve: { alias: { '@domain': path.join(root, 'worker/src/domain') } },
    plugins: [
      cloudflareTest({
        main: './worker/src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
            INTERNAL_SECRET: 'test-internal-secret',
            ENVIRONMENT: 'test',
            ALLOWED_ORIGINS: 'https://astrolabe.example',
            // The native app's host page (allowed to frame the embedded editor pages); the second is no origin and is left out.
            EMBED_HOST_ORIGINS: 'https://host.astrolabe.example, https://x.example;script-src',
            LOGIN_WINDOW_SECONDS: '2',
            // A closed loopback port: content writes that notify the room fail fast, never leave the machine.
            PARTY_HOST: '127.0.0.1:9',
            ALLOW_PRIVATE_FETCH: 'true',
            PAGE_SERVER_ORIGIN: pages.origin,
            VAPID_PUBLIC_KEY: vapidPublic,
            VAPID_PRIVATE_KEY: vapidPrivate,
            VAPID_SUBJECT: 'mailto:test@astrolabe.test',
            PUSH_LOOPBACK_ORIGIN: push.origin,
            CHAT_SERVER_ORIGIN: chat.origin,
            // Real Anki packages, file name → base64, for the import's tests.
            ANKI_FIXTURES: ankiFixtures(),
            // An Obsidian vault and a Logseq graph, vault → path → base64, zipped by the vault tests.
            VAULT_FIXTURES: vaultFixtures(),
            // Quizlet exports, a spreadsheet's CSV and an Anki text export, name → text, for the card-table import.
            CARD_TABLE_FIXTURES: cardTableFixtures(),
          },
        },
      }),
    ],
    test: {
      include: ['tests/api/**/*.test.ts'],
      setupFiles: ['tests/api/setup.ts'],
      testTimeout: 30_000,
      // Two files at a time: each starts its own workerd (about 3 s), and one file's start-up
      // overlaps the other's tests (the whole layer 272 s → 193 s on this machine's 2 cores).
      maxWorkers: 2,
      // Every file loads the whole Worker into a new workerd, one module at a time through
      // vitest's module runner; most of that start-up is the libraries' hundreds of small
      // modules. Bundled once per run into one module each, a file's start-up costs about a
      // fifth less CPU. The Worker's own modules stay as they are (tests import some directly).
      deps: { optimizer: { ssr: { enabled: true, include: workerLibraries() } } },
    },
  };
});
