/**
 * The page's entry: the styles (render-blocking in index.html's head, so the static loading
 * state paints styled), then the app once that first frame is on screen. Started at once,
 * the app's modules (compiled and run on the main thread: hundreds of kB) delayed the first
 * paint of the already parsed page, by most of a second on a slow phone opening offline.
 */
import './index.css';
// The 'Readable font' preference's face (SIL OFL); its files load only once a view uses it.
import '@fontsource/atkinson-hyperlegible/400.css';
import '@fontsource/atkinson-hyperlegible/700.css';
import { storedToken } from './lib/token-store';
import { holdIdleWorkWhileLanding } from './lib/when-idle';

const start = () => {
  // The profile is asked for while the app's code loads, not once it has (profile-prefetch.ts).
  void import('./app/profile-prefetch').then((m) => m.prefetchProfile());
  // The galaxy's stars and links, its code (three.js) and its frame, asked for beside the
  // app's code: its route would ask only once the app's code has run. Its renderer, sky and
  // shader programs are made as soon as three.js is here, while the stars are on their way.
  // Signed in only: else the page is not shown.
  if (location.pathname === '/galaxy' && storedToken()) {
    // Idle work (the app's worker downloading every screen) waits until the names and links are drawn.
    holdIdleWorkWhileLanding();
    void import('./features/graph/prefetch').then((m) => m.prefetchGraph());
    void import('./features/galaxy/stage').then((m) => m.prepareStage());
    void import('./features/galaxy/GalaxyPage');
    void import('./app/FullScreenFrame');
  }
  void import('./main');
};
// requestAnimationFrame runs just before a frame is painted, the timeout after it once it is.
// A hidden page paints no frame (a tab opened in the background): it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
