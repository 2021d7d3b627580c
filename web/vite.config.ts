import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@domain': here('../worker/src/domain') } },
  build: { outDir: here('dist'), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  // Module workers: the FSRS optimizer's worker imports the optimizer's ES module and its WebAssembly.
  worker: { format: 'es' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.WORKER_PORT ?? 8787}` },
  },
});
