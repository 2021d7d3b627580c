/**
 * The keyboard path through a picture of concepts (the galaxy, the knowledge graph): a
 * search box suggests concepts by title (a WAI-ARIA combobox: the arrows move, Enter
 * chooses); once one is chosen, it and its nearest neighbours in the picture are listed as
 * links. Tab goes through them, each one shows its concept in the picture as it gets focus,
 * and Enter opens the concept. Nearly opaque, not blurred: the picture under them moves
 * (see GalaxyPage).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { GraphNode } from '../api/graph';

export const SUGGESTIONS = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const NEARBY = 6;

/** Titles starting with the text first, then containing it; alphabetical within each. */
export function suggestConcepts(nodes: readonly GraphNode[], text: string): GraphNode[] {
  const q = text.trim().toLocaleLowerCase();
  if (!q) return [];
  const hits: { node: GraphNode; rank: number; key: string }[] = [];
  for (const node of nodes) {
    const key = node.title.toLocaleLowerCase();
    const at = key.indexOf(q);
    if (at >= 0) hits.push({ node, rank: at === 0 ? 0 : 1, key });
  }
  hits.sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key));
  return hits.slice(0, SUGGESTIONS).map((h) => h.node);
}

/** The node itself first, then the `count` nodes closest to it by `distance`. */
export function nearestConcepts(nodes: readonly GraphNode[], node: GraphNode, distance: (other: GraphNode) => number, count = NEARBY): GraphNode[] {
  const others = nodes.filter((n) => n.id !== node.id).map((n) => ({ n, d: distance(n) }));
  others.sort((a, b) => a.d - b.d);
  return [node, ...others.slice(0, count).map((o) => o.n)];
}

/** The search box: `label` is its name and placeholder, `lang` that text's language. */
export function ConceptSearch({ nodes, onChoose, label, lang, idPrefix }: { nodes: readonly GraphNode[]; onChoose(node: GraphNode): void; label: string; lang?: string; idPrefix: string }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // After a choice the box shows the chosen title without offering it again.
  const [chosen, setChosen] = useState<string | null>(null);
  const suggestions = useMemo(() => (query === chosen ? [] : suggestConcepts(nodes, query)), [nodes, query, chosen]);
  useEffect(() => setActive(0), [suggestions]);
  const listId = `${idPrefix}-suggestions`;

  const choose = (node: GraphNode) => {
    onChoose(node);
    setChosen(node.title);
    setText(node.title);
    setQuery(node.title);
  };

  return (
    <div lang={lang} className="relative w-72 max-w-[60vw]">
      <input
        type="search"
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={suggestions[active] ? `${idPrefix}-suggestion-${suggestions[active].id}` : undefined}
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, suggestions.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter' && suggestions[active]) choose(suggestions[active]);
          else if (e.key === 'Escape') setQuery('');
          else return;
          e.preventDefault();
        }}
        className="w-full rounded-full border border-space-600 bg-space-900/90 px-4 py-2 text-sm text-slate-100 placeholder:text-slate-400 focus:border-nebula-400 focus:outline-none"
      />
      {suggestions.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Suggestions" className="absolute z-10 mt-1 w-full overflow-hidden rounded-lg border border-space-600 bg-space-900/95 py-1 text-sm shadow-xl">
          {suggestions.map((node, i) => (
            <li
              key={node.id}
              id={`${idPrefix}-suggestion-${node.id}`}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 ${i === active ? 'bg-space-700 text-white' : 'text-slate-200 hover:bg-space-800'}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(node)}
            >
              <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: node.color }} />
              <span className="truncate">{node.title}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The chosen concept and its neighbours as links, under the heading `title`. */
export function NearbyConcepts({ nearby, title, onFocusNode }: { nearby: readonly GraphNode[]; title: string; onFocusNode(node: GraphNode): void }) {
  return (
    <nav aria-label={title} className="w-72 max-w-[60vw] rounded-lg border border-space-600 bg-space-900/95 p-2 text-sm">
      <h2 className="px-1 pb-1 text-xs font-semibold tracking-wide text-slate-300 uppercase">{title}</h2>
      <ul>
        {nearby.map((node) => (
          <li key={node.id}>
            <Link to={`/concepts/${node.id}`} onFocus={() => onFocusNode(node)} className="flex min-h-6 items-center gap-2 rounded px-2 py-1 text-slate-100 hover:bg-space-700">
              <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full" style={{ background: node.color }} />
              <span className="truncate">{node.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
