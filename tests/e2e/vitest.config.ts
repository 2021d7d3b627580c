import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@domain': path.join(root, 'worker/src/domain') } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/setup.ts'],
    // One retry for the browser layer only: a test must still pass once in full, and a
    // failed first attempt leaves its failure report and screenshot (see setup.ts).
    retry: 1,
    // expect.poll waits as long as a page action does (browser.ts), not vitest's 1 s: a
    // poll ends as soon as the app shows what it waits for, so only a busy machine waits longer.
    expect: { poll: { timeout: 15_000 } },
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Two files at a time, each with its own Chromium, against the one stack: much of a
    // browser test is waiting (for the stack's answers, a debounce, an animation frame), and
    // the other file's test fills those gaps on the machine's second core. Every test makes
    // its own account, so the files share nothing but the stack.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
