/**
 * /study: the study-method carousel (spec document 2 §2). Left and right arrows move,
 * Enter or Space selects; a method not built yet carries 'Bientôt'. The preparation page
 * receives the chosen method as `?method=`.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePreferences } from '../settings/preferences-context';
import { STUDY_METHODS, type StudyMethod } from './methods';
import { FsrsOptimizerPanel } from './FsrsOptimizerPanel';
import { RetentionHelper } from './RetentionHelper';

/** The carousel position of the person's preferred study method (preference `preferred_study_method`). */
const preferredIndex = (type: string) => Math.max(0, STUDY_METHODS.findIndex((m) => m.type === type));
const preparePath = (method: StudyMethod) => (method.type === 'FLASHCARDS' ? '/study/select-concepts' : `/study/select-concepts?method=${method.type}`);

export function StudyMethodsPage() {
  const navigate = useNavigate();
  const { preferences, loaded } = usePreferences();
  const [index, setPreselected] = useState(() => preferredIndex(preferences.preferred_study_method));
  /** Set once the person moves the carousel: a preference arriving later never undoes their choice. */
  const moved = useRef(false);
  const setIndex = (next: number | ((i: number) => number)) => {
    moved.current = true;
    setPreselected(next);
  };
  // Preferences that arrive after the first paint still preselect the method, until the person moves.
  useEffect(() => {
    if (loaded && !moved.current) setPreselected(preferredIndex(preferences.preferred_study_method));
  }, [loaded, preferences.preferred_study_method]);
  const method = STUDY_METHODS[index]!;
  const start = () => {
    if (method.available) navigate(preparePath(method));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % STUDY_METHODS.length);
      else if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + STUDY_METHODS.length) % STUDY_METHODS.length);
      else if ((event.key === 'Enter' || event.key === ' ') && target.tagName !== 'BUTTON' && target.tagName !== 'A') {
        event.preventDefault();
        if (STUDY_METHODS[index]!.available) navigate(preparePath(STUDY_METHODS[index]!));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, navigate]);

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Choisissez une méthode d'étude</h1>
        <p className="text-sm text-slate-400">Flèches gauche et droite pour parcourir, Entrée ou Espace pour choisir.</p>
      </header>
      <div className="flex items-center gap-3">
        <button type="button" aria-label="Méthode précédente" title="Méthode précédente" className="btn-ghost px-3" onClick={() => setIndex((i) => (i - 1 + STUDY_METHODS.length) % STUDY_METHODS.length)}>
          ‹
        </button>
        {/* The options alone are the listbox's children; the arrows beside it are plain buttons. */}
        <div className="grid flex-1 grid-cols-1 gap-3 sm:grid-cols-5" role="listbox" tabIndex={0} aria-label="Méthodes d'étude" aria-activedescendant={`method-${method.type}`}>
          {STUDY_METHODS.map((m, i) => (
            <div
              key={m.type}
              id={`method-${m.type}`}
              role="option"
              aria-selected={i === index}
              aria-disabled={!m.available}
              onClick={() => setIndex(i)}
              className={`relative cursor-pointer rounded-xl border p-4 text-center transition ${i === index ? 'scale-105 border-nebula-400 bg-space-700' : 'border-space-700 bg-space-900/80 opacity-70'} ${i === index ? '' : 'hidden sm:block'}`}
            >
              {!m.available && <span className="absolute top-2 right-2 rounded-full bg-amber-500/20 px-2 py-0.5 text-xs text-amber-200">Bientôt</span>}
              <div className="text-3xl" aria-hidden>
                {m.icon}
              </div>
              <div className="mt-2 font-semibold">{m.name}</div>
            </div>
          ))}
        </div>
        <button type="button" aria-label="Méthode suivante" title="Méthode suivante" className="btn-ghost px-3" onClick={() => setIndex((i) => (i + 1) % STUDY_METHODS.length)}>
          ›
        </button>
      </div>
      <div className="card text-center">
        <h2 className="text-xl font-semibold">{method.name}</h2>
        <p className="mt-2 text-slate-300">{method.description}</p>
        <button type="button" className="btn-primary mt-4" disabled={!method.available} onClick={start}>
          Commencer {method.name}
        </button>
        {!method.available && <p className="mt-2 text-sm text-amber-200">Bientôt disponible.</p>}
      </div>
      <p className="text-center">
        <Link to="/flashcards" className="text-nebula-300 hover:underline">
          Toutes mes flashcards
        </Link>
      </p>
      <FsrsOptimizerPanel />
      <RetentionHelper />
    </section>
  );
}

export default StudyMethodsPage;
export { StudyMethodsPage as Component };
