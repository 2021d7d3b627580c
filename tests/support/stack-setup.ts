/**
 * vitest globalSetup for the layers that need the running app (sync, e2e, bench-like
 * checks): migrates a fresh local D1 in a temporary folder, starts the Worker and the
 * party server on free loopback ports, and hands their addresses to the tests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { applyMigrations, buildWeb, freePort, startStack } from '../../scripts/lib/stack.mjs';

export interface StackInfo {
  url: string;
  partyUrl: string;
  partyHost: string;
  jwtSecret: string;
  internalSecret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export function makeSetup({ build }: { build: boolean }) {
  return async function setup(project: TestProject) {
    const persistTo = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-test-'));
    // Each run builds into its own folder, so runs side by side never share web/dist.
    const assetsDir = build ? path.join(persistTo, 'dist') : undefined;
    if (assetsDir) buildWeb({ quiet: true, outDir: assetsDir });
    applyMigrations({ persistTo, quiet: true });
    const secrets = { JWT_SECRET: randomBytes(32).toString('base64url'), INTERNAL_SECRET: randomBytes(32).toString('base64url') };
    const [port, partyPort] = [await freePort(), await freePort()];
    // push.example: the e2e pages' stand-in push service, accepted as a self-hosted one would be.
    const vars = { LOGIN_WINDOW_SECONDS: '2', PUSH_SERVICE_HOSTS: 'push.example' };
    const stack = await startStack({ port, partyPort, persistTo, secrets, quiet: true, vars, assetsDir });
    project.provide('stack', {
      url: stack.url,
      partyUrl: stack.partyUrl,
      partyHost: new URL(stack.partyUrl).host,
      jwtSecret: secrets.JWT_SECRET,
      internalSecret: secrets.INTERNAL_SECRET,
    });
    return async () => {
      await stack.stop();
      rmSync(persistTo, { recursive: true, force: true });
    };
  };
}
