/**
 * The signed-in person's preferences for every screen: loaded once inside the shell,
 * the defaults until (or unless) they load, replaced when the settings screen saves or
 * resets. Applies the theme, the text size and the readable font whenever they change.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PREFERENCES, type Preferences } from '@domain/preferences';
import { preferencesApi } from '../../api/preferences';
import { applyTheme } from '../../lib/theme';

interface PreferencesState {
  preferences: Preferences;
  /** False until the server answered (or failed): screens that preselect wait for it. */
  loaded: boolean;
  /** The load failed with something other than 404 (the settings screen says so). */
  loadFailed: boolean;
  replace(next: Preferences): void;
}

const PreferencesContext = createContext<PreferencesState>({
  preferences: DEFAULT_PREFERENCES,
  loaded: true,
  loadFailed: false,
  replace: () => undefined,
});

export const usePreferences = () => useContext(PreferencesContext);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<Preferences>(DEFAULT_PREFERENCES);
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    preferencesApi.get(ctrl.signal).then(
      (saved) => {
        if (ctrl.signal.aborted) return;
        setPreferences(saved);
        setLoaded(true);
      },
      (error: { status?: number }) => {
        if (ctrl.signal.aborted) return;
        // 404 falls back to the defaults silently (spec document 3 §4).
        setLoadFailed(error.status !== 404);
        setLoaded(true);
      },
    );
    return () => ctrl.abort();
  }, []);

  useEffect(() => {
    if (loaded) applyTheme(preferences.theme);
  }, [loaded, preferences.theme]);

  // 'Text size' and 'Readable font': read by index.css on the root element.
  useEffect(() => {
    const root = document.documentElement.dataset;
    root.textSize = preferences.text_size;
    root.readableFont = String(preferences.readable_font);
    return () => {
      delete root.textSize;
      delete root.readableFont;
    };
  }, [preferences.text_size, preferences.readable_font]);

  const value = useMemo(() => ({ preferences, loaded, loadFailed, replace: setPreferences }), [preferences, loaded, loadFailed]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}
