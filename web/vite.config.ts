import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [
    // index.html's comments are for its readers: the built page leaves them out, so the
    // parser reaches the static loading state in its first slice and the first frame shows it.
    { name: 'astrolabe-html-comments', transformIndexHtml: (html: string) => html.replace(/\n?\s*<!--[\s\S]*?-->/g, '') },
    react(),
    tailwindcss(),
    // The installable app: the web app manifest, and the one service worker
    // (web/sw/) built with the list of this build's files to precache. The page registers
    // it itself (lib/app-update.ts), never inside the native app's web view.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'firebase-messaging-sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Astrolabe',
        short_name: 'Astrolabe',
        description: 'Base de connaissances personnelle et révisions espacées (FSRS), même hors ligne.',
        lang: 'fr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        // The dark theme's night sky; the light theme's colour is set by index.html's media-matched theme-color.
        background_color: '#0b0716',
        theme_color: '#0b0716',
        icons: [
          ...[48, 72, 96, 144, 192, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,wasm,webmanifest}'],
        // Every screen's chunk, including the large ones (mermaid, three): the app must open any screen offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  resolve: { alias: { '@domain': here('../worker/src/domain') } },
  build: { outDir: here('dist'), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  // Module workers: the FSRS optimizer's worker imports the optimizer's ES module and its WebAssembly.
  worker: { format: 'es' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.WORKER_PORT ?? 8787}` },
  },
});
