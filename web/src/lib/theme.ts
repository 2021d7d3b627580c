/**
 * The colour theme (preference `theme`): `dark` (the product's look), `light`, or `auto`,
 * which follows the system's prefers-color-scheme live. The choice is remembered in this
 * browser so the first paint of the next visit is already in the right theme; the saved
 * preference, once loaded, wins. The palette itself is in index.css (`[data-theme]`).
 */
import type { Preferences } from '@domain/preferences';

type Theme = Preferences['theme'];
const STORAGE_KEY = 'astrolabe.theme';
const SYSTEM_LIGHT = '(prefers-color-scheme: light)';

const THEME_COLOR = { dark: '#0b0716', light: '#f5f3fb' } as const;

let stopFollowing: (() => void) | null = null;

function paint(resolved: 'dark' | 'light') {
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  // The browser's (and the installed app's) bar: each theme's page background (index.css's space-950).
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[resolved]);
}

/** Applies a theme now and, for `auto`, on every later change of the system's scheme. */
export function applyTheme(theme: Theme): void {
  stopFollowing?.();
  stopFollowing = null;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // storage refused (private mode): the theme still applies to this page
  }
  if (theme !== 'auto') return paint(theme);
  const query = window.matchMedia(SYSTEM_LIGHT);
  const follow = () => paint(query.matches ? 'light' : 'dark');
  follow();
  query.addEventListener('change', follow);
  stopFollowing = () => query.removeEventListener('change', follow);
}

/** The theme this browser last used (dark before anything was chosen). */
export function rememberedTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark' || stored === 'auto') return stored;
  } catch {
    // no storage
  }
  return 'dark';
}
