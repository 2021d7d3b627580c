import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { startServiceWorker } from './lib/app-update';
import { applyTheme, rememberedTheme } from './lib/theme';
import { detectWebView } from './lib/webview';
import { whenIdle } from './lib/when-idle';

/** The app's worker starts at the first idle moment, or after this long. */
const SERVICE_WORKER_WITHIN_MS = 5_000;

applyTheme(rememberedTheme());
const router = createBrowserRouter(routes);
// The installable app's worker (offline shell, push); the native app's web view has its own.
// Installing it downloads every screen (megabytes): at an idle moment, not while the page
// a person landed on is still opening (a first drag of the galaxy stuttered beside it).
if (!detectWebView()) whenIdle(startServiceWorker, SERVICE_WORKER_WITHIN_MS);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
