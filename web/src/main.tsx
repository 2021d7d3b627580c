import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { startServiceWorker } from './lib/app-update';
import { applyTheme, rememberedTheme } from './lib/theme';
import { detectWebView } from './lib/webview';

applyTheme(rememberedTheme());
const router = createBrowserRouter(routes);
// The installable app's worker (offline shell, push); the native app's web view has its own.
if (!detectWebView()) startServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
