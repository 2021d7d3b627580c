import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@domain': path.join(root, 'worker/src/domain') } },
  test: {
    include: ['tests/sync/**/*.test.ts'],
    globalSetup: ['tests/sync/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
