/**
 * The frame of the pages that cover the whole view (the galaxy), instead of the shell: no
 * drawer, banners or prompts beneath the page, where nobody saw them but the keyboard still
 * went through them, and where their code, queries and first render held back the page's
 * first frame on a slow phone. The quick switcher (Ctrl+K) and the web view's sync dialog
 * stay (the person's preferences come from above both frames: routes.tsx); the page leads
 * back with its own link. What the shell
 * does unseen — sending what was done offline (SyncStatus) — starts once the page is idle.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { QuickSwitcher } from '../features/search/QuickSwitcher';
import { useAuth } from '../ui/auth-context';
import { SyncProblemDialog } from '../ui/AuthBanner';
import { whenIdle } from '../lib/when-idle';

const SyncStatus = lazy(() => import('../features/flashcards/SyncStatus').then((m) => ({ default: m.SyncStatus })));

/** The uploads start at the latest this long after the page opened, idle or not. */
const UPLOADS_WAIT_MS = 5_000;

export function FullScreenFrame() {
  const { isWebView } = useAuth();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), UPLOADS_WAIT_MS), []);
  return (
    <>
      <Outlet />
      {idle && (
        <Suspense fallback={null}>
          <SyncStatus />
        </Suspense>
      )}
      <SyncProblemDialog />
      {!isWebView && <QuickSwitcher />}
    </>
  );
}
