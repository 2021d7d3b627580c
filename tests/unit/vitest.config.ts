import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@domain': path.join(root, 'worker/src/domain') } },
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node' },
});
