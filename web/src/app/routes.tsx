/**
 * The route table (spec document 1 §2 and the route lists of documents 2 and 3).
 * Every screen is a lazily loaded page, so heavy code stays off the first load.
 */
import { type RouteObject, Navigate, Outlet } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { AuthProvider } from './AuthProvider';
import { NotFoundPage, PublicOnly, RequireAuth } from './Guards';
import { Spinner } from '../ui/Spinner';
import { ErrorBoundary } from './ErrorBoundary';
import { ToastProvider } from '../ui/Toasts';
import { UpdateBanner } from '../ui/UpdateBanner';
import { importDailyNotePage, prefetchDailyNote, prefetchDailyNoteOfPath } from '../features/daily/prefetch';
import { prefetchGraph } from '../features/graph/prefetch';

/** The note's data is asked for while the page's code loads (the loader runs only once it has). */
async function dailyNotePage() {
  prefetchDailyNoteOfPath(window.location.pathname);
  return { Component: (await importDailyNotePage()).DailyNotePage };
}

/** The graph's data is asked for while the page's code loads (the loader runs only once it has); the same for the galaxy. */
async function knowledgeGraphPage() {
  prefetchGraph();
  return { Component: (await import('../features/graph/KnowledgeGraphPage')).KnowledgeGraphPage };
}

/** The galaxy's stars and links are asked for while its code (three.js) loads. */
async function galaxyPage() {
  prefetchGraph();
  return { Component: (await import('../features/galaxy/GalaxyPage')).GalaxyPage };
}

/** Guarded screens, inside the drawer shell. */
export const guardedRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }) },
  { path: 'concepts', lazy: async () => ({ Component: (await import('../features/concepts/ConceptsPage')).ConceptsPage }) },
  { path: 'concepts/new', lazy: async () => ({ Component: (await import('../features/concepts/ConceptFormPage')).ConceptFormPage }) },
  { path: 'concepts/:id', lazy: async () => ({ Component: (await import('../features/concepts/ConceptDetailPage')).ConceptDetailPage }) },
  { path: 'concepts/:id/edit', lazy: async () => ({ Component: (await import('../features/concepts/ConceptFormPage')).ConceptFormPage }) },
  { path: 'concepts/:id/cornell', lazy: async () => ({ Component: (await import('../features/study/cornell/CornellSheetPage')).CornellSheetPage }) },
  { path: 'concepts/:id/flashcards/review', lazy: async () => ({ Component: (await import('../features/flashcards/FlashcardReviewPage')).FlashcardReviewPage }) },
  { path: 'flashcards', lazy: async () => ({ Component: (await import('../features/flashcards/FlashcardReviewPage')).FlashcardReviewPage }) },
  { path: 'tag/:name', lazy: async () => ({ Component: (await import('../features/tags/TagPage')).TagPage }) },
  { path: 'tags/:tagName', lazy: async () => ({ Component: (await import('../features/tags/TagPage')).TagPage }) },
  { path: 'constellation/:id', lazy: async () => ({ Component: (await import('../features/constellations/ConstellationDetailPage')).ConstellationRedirect }) },
  { path: 'constellations/:id/concepts', lazy: async () => ({ Component: (await import('../features/constellations/ConstellationDetailPage')).ConstellationDetailPage }) },
  { path: 'constellation-manager', lazy: async () => ({ Component: (await import('../features/constellations/ConstellationManagerPage')).ConstellationManagerPage }) },
  { path: 'study', lazy: async () => ({ Component: (await import('../features/study/StudyMethodsPage')).StudyMethodsPage }) },
  { path: 'study/select-concepts', lazy: async () => ({ Component: (await import('../features/study/PrepareSessionPage')).PrepareSessionPage }) },
  { path: 'study/session/:sessionId', lazy: async () => ({ Component: (await import('../features/study/StudySessionPage')).StudySessionPage }) },
  { path: 'study/method/:sessionId', lazy: async () => ({ Component: (await import('../features/study/methods/MethodSessionPage')).MethodSessionPage }) },
  { path: 'study/summary/:sessionId', lazy: async () => ({ Component: (await import('../features/study/SessionSummaryPage')).SessionSummaryPage }) },
  { path: 'daily', loader: prefetchDailyNote, lazy: dailyNotePage },
  { path: 'daily/:date', loader: prefetchDailyNote, lazy: dailyNotePage },
  { path: 'concepts/title/:title', lazy: async () => ({ Component: (await import('../features/daily/ConceptByTitlePage')).ConceptByTitlePage }) },
  // Without an id, these pages show their own 'missing id' message rather than the 404 page.
  { path: 'tags', lazy: async () => ({ Component: (await import('../features/tags/TagPage')).TagPage }) },
  { path: 'study/session', lazy: async () => ({ Component: (await import('../features/study/StudySessionPage')).StudySessionPage }) },
  { path: 'study/summary', lazy: async () => ({ Component: (await import('../features/study/SessionSummaryPage')).SessionSummaryPage }) },
  { path: 'search', lazy: async () => ({ Component: (await import('../features/search/SearchPage')).SearchPage }) },
  { path: 'graph', loader: prefetchGraph, lazy: knowledgeGraphPage },
  { path: 'import', lazy: async () => ({ Component: (await import('../features/import/ImportPage')).ImportPage }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('../features/settings/SettingsPage')).SettingsPage }) },
  { path: 'explore-hierarchy', lazy: async () => ({ Component: (await import('../features/hierarchy/HierarchyExplorerPage')).HierarchyExplorerPage }) },
  { path: 'explore-hierarchy/:conceptId', lazy: async () => ({ Component: (await import('../features/hierarchy/HierarchyExplorerPage')).HierarchyExplorerPage }) },
];

/** Guarded screens that cover the whole view, without the drawer shell (FullScreenFrame.tsx). */
export const fullScreenRoutes: RouteObject[] = [{ path: 'galaxy', loader: prefetchGraph, lazy: galaxyPage }];

/** Embedded editor and test pages: no login guard, no drawer. */
export const openRoutes: RouteObject[] = [
  { path: 'minimal-editor', lazy: () => import('../features/embedded/MinimalEditorPage').then((m) => ({ Component: m.default })) },
  { path: 'hybrid-editor', lazy: () => import('../features/embedded/HybridEditorPage').then((m) => ({ Component: m.default })) },
  { path: 'tiptap-test', lazy: () => import('../editor/pages/TiptapTestPage').then((m) => ({ Component: m.default })) },
  { path: 'mobile-tiptap-test', lazy: () => import('../editor/pages/MobileTiptapTestPage').then((m) => ({ Component: m.default })) },
];

function Root() {
  return (
    <ErrorBoundary>
      <ToastProvider>
        <AuthProvider>
          <Outlet />
          <UpdateBanner />
        </AuthProvider>
      </ToastProvider>
    </ErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    // Shown while the first screen's lazy module loads (react-router warns on every load without it).
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: 'login', element: <PublicOnly><LoginPage /></PublicOnly> },
      { path: 'auth', element: <PublicOnly><LoginPage /></PublicOnly> },
      // Lazy: /login, the first screen most people see, does not carry the registration form.
      {
        path: 'register',
        lazy: async () => {
          const { RegisterPage } = await import('../features/auth/RegisterPage');
          return { element: <PublicOnly><RegisterPage /></PublicOnly> };
        },
      },
      ...openRoutes,
      // Signed-in screens: one session check and one copy of the person's preferences, kept
      // while the person goes between the drawer shell and the full-screen pages. Lazy too,
      // and loaded beside the screen's own chunk: the drawer, the banners and the preferences
      // stay off the first load, which /login and the cached start then share.
      {
        lazy: async () => {
          const { PreferencesProvider } = await import('../features/settings/preferences-context');
          return {
            element: (
              <RequireAuth>
                <PreferencesProvider>
                  <Outlet />
                </PreferencesProvider>
              </RequireAuth>
            ),
          };
        },
        children: [
          {
            path: '/',
            lazy: async () => ({ Component: (await import('./Shell')).Shell }),
            children: guardedRoutes,
          },
          {
            lazy: async () => ({ Component: (await import('./FullScreenFrame')).FullScreenFrame }),
            children: fullScreenRoutes,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
