/**
 * /search (spec document 3 §2.2, §4 Search, §8): title, field, button (Enter too), tabs
 * Tout / Concepts / Flashcards / Notes, per-kind pages, the spec's empty and error texts.
 * The term and the tab live in the address (/search?q=…&tab=…), so reload and Back bring
 * the same results back. A blank term runs nothing.
 */
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchKind } from '../../api/search';
import { Spinner } from '../../ui/Spinner';
import { Pager, ResultList } from './SearchResults';
import { totalOf, useGlobalSearch, type SearchState } from './useGlobalSearch';

const TABS = [
  { id: 'tout', label: 'Tout' },
  { id: 'concepts', label: 'Concepts' },
  { id: 'flashcards', label: 'Flashcards' },
  { id: 'notes', label: 'Notes' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

/** Per-kind headings (Tout) and empty texts (their own tab), word for word from the spec. */
const KINDS: Record<SearchKind, { heading: string; empty: (term: string) => string }> = {
  concepts: { heading: 'Concepts', empty: (t) => `Aucun concept trouvé pour "${t}".` },
  flashcards: { heading: 'Flashcards', empty: (t) => `Aucun flashcard trouvée pour "${t}".` },
  notes: { heading: 'Notes', empty: (t) => `Aucune note trouvée pour "${t}".` },
  constellations: { heading: 'Constellations', empty: (t) => `Aucune constellation trouvée pour "${t}".` },
};

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const term = params.get('q') ?? '';
  const tab: TabId = isTab(params.get('tab')) ? (params.get('tab') as TabId) : 'tout';
  const [input, setInput] = useState(term);
  const { state, turnPage } = useGlobalSearch(term);

  // Back and Forward change the address: the field follows.
  useEffect(() => setInput(term), [term]);

  const go = (next: { q?: string; tab?: TabId }) => {
    const q = next.q ?? term;
    const t = next.tab ?? tab;
    setParams({ ...(q ? { q } : {}), ...(t !== 'tout' ? { tab: t } : {}) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = input.trim();
    if (q) go({ q });
  };

  const notesTotal = state.phase === 'results' ? totalOf(state.data, 'notes') : 0;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-3xl font-semibold">Recherche Globale</h1>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <input
          type="search"
          className="field"
          aria-label="Rechercher"
          placeholder="Rechercher des concepts, flashcards, notes..."
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <button type="submit" className="btn-primary">
          Rechercher
        </button>
      </form>
      <SearchTabs active={tab} notesDisabled={notesTotal === 0 && tab !== 'notes'} onChange={(t) => go({ tab: t })} />
      <SearchBody state={state} term={term} tab={tab} onPage={turnPage} />
    </div>
  );
}

function SearchTabs({ active, notesDisabled, onChange }: { active: TabId; notesDisabled: boolean; onChange(tab: TabId): void }) {
  const enabled = TABS.filter((t) => !(t.id === 'notes' && notesDisabled));
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const at = enabled.findIndex((t) => t.id === active);
    onChange(enabled[(at + step + enabled.length) % enabled.length]!.id);
  };
  return (
    <div role="tablist" aria-label="Type de résultat" className="flex gap-1 overflow-x-auto border-b border-space-700" onKeyDown={onKey}>
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={t.id === active}
          tabIndex={t.id === active ? 0 : -1}
          disabled={t.id === 'notes' && notesDisabled}
          className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-40 ${t.id === active ? 'border-nebula-400 text-white' : 'border-transparent text-slate-400 hover:text-slate-200'}`}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function SearchBody({ state, term, tab, onPage }: { state: SearchState; term: string; tab: TabId; onPage(kind: SearchKind, page: number): void }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'loading') return <Spinner label="Recherche..." />;
  if (state.phase === 'error') {
    return (
      <p role="alert" className="card text-red-300">
        {state.message}
      </p>
    );
  }
  const { data, pages, turning } = state;
  const kinds: SearchKind[] = tab === 'tout' ? ['concepts', 'flashcards', 'notes', 'constellations'] : [tab];
  const shown = kinds.filter((k) => totalOf(data, k) > 0);
  if (shown.length === 0) {
    const text = tab === 'tout' ? `Aucun résultat trouvé pour "${term}".` : KINDS[tab].empty(term);
    return <p className="card text-slate-300">{text}</p>;
  }
  return (
    <div className="space-y-6">
      {shown.map((kind) => (
        <section key={kind} aria-label={KINDS[kind].heading} aria-busy={turning === kind}>
          {tab === 'tout' && (
            <h2 className="mb-2 text-lg font-semibold text-slate-200">
              {KINDS[kind].heading} <span className="text-sm font-normal text-slate-400">({totalOf(data, kind)})</span>
            </h2>
          )}
          <ResultList kind={kind} results={data.results} />
          <Pager label={KINDS[kind].heading} page={pages[kind]} total={totalOf(data, kind)} busy={turning === kind} onPage={(p) => onPage(kind, p)} />
        </section>
      ))}
    </div>
  );
}
