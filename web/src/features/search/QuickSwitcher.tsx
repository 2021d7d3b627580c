/**
 * The quick switcher (beyond the spec): Ctrl+K (Cmd+K on a Mac) on any page
 * opens a field; concept titles holding the typed letters (accents ignored, at a word's
 * start or inside it) and the latest notes follow each keystroke; arrows choose, Enter
 * opens, Escape closes. The last line searches everywhere (/search?q=…).
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { quickSearch, type QuickSearchResponse } from '../../api/search';
import { Dialog } from '../../ui/Dialog';

/** Keystrokes closer together than this make one request. */
const TYPING_PAUSE_MS = 80;

interface Choice {
  key: string;
  label: string;
  hint: string;
  to: string;
}

function choicesOf(answer: QuickSearchResponse | null, typed: string): Choice[] {
  const concepts = (answer?.concepts ?? []).map((c) => ({ key: `c${c.id}`, label: c.title || 'Sans titre', hint: 'Concept', to: `/concepts/${c.id}` }));
  const notes = (answer?.notes ?? []).map((n) => ({ key: `n${n.id}`, label: n.title ? `${n.title} — ${n.date}` : n.date, hint: 'Note', to: `/daily/${n.date}` }));
  const everywhere = typed.trim() ? [{ key: 'search', label: `Rechercher « ${typed.trim()} » partout`, hint: 'Recherche', to: `/search?q=${encodeURIComponent(typed.trim())}` }] : [];
  return [...concepts, ...notes, ...everywhere];
}

/** The suggestions and the text they answer (older than what is typed while a request runs). */
function useQuickResults(open: boolean, typed: string) {
  const [result, setResult] = useState<{ answer: QuickSearchResponse; query: string } | null>(null);
  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const query = typed.trim();
    const timer = setTimeout(() => {
      quickSearch(query, ctrl.signal).then((answer) => setResult({ answer, query }), () => undefined);
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [open, typed]);
  return result;
}

export function QuickSwitcher() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const result = useQuickResults(open, typed);
  const choices = choicesOf(result?.answer ?? null, typed);
  const current = result?.query === typed.trim();
  // Enter pressed before the suggestions for the typed text arrived: they are opened on arrival.
  const [enterPending, setEnterPending] = useState(false);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setTyped('');
        setActive(0);
        setEnterPending(false);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    setOpen(false);
    navigate(choice.to);
  };
  const chosen = enterPending && current ? choices[Math.min(active, choices.length - 1)] : undefined;
  useEffect(() => {
    if (!chosen) return;
    setEnterPending(false);
    setOpen(false);
    navigate(chosen.to);
  }, [chosen, navigate]);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (choices.length ? (a + step + choices.length) % choices.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) choose(choices[Math.min(active, choices.length - 1)]);
      else setEnterPending(true);
    }
  };

  return (
    <Dialog title="Aller à…" open={open} onClose={() => setOpen(false)}>
      <input
        type="text"
        className="field"
        role="combobox"
        aria-label="Aller à un concept ou une note"
        aria-expanded={choices.length > 0}
        aria-controls={listId}
        aria-activedescendant={choices[active] ? `${listId}-${choices[active].key}` : undefined}
        placeholder="Titre d'un concept, date d'une note…"
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
          setEnterPending(false);
        }}
        onKeyDown={onKey}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" aria-busy={!current} className="mt-3 max-h-80 space-y-1 overflow-y-auto">
        {choices.map((choice, i) => (
          <li
            key={choice.key}
            id={`${listId}-${choice.key}`}
            role="option"
            aria-selected={i === active}
            className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm ${i === active ? 'bg-space-600 text-white' : 'text-slate-300 hover:bg-space-700'}`}
            onMouseEnter={() => setActive(i)}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(choice);
            }}
          >
            <span className="truncate">{choice.label}</span>
            <span className="shrink-0 text-xs text-slate-400">{choice.hint}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
