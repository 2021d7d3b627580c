/** 'Search concept...': up to 10 stars whose title contains the text (300 ms after typing stops). */
import { useEffect, useMemo, useState } from 'react';
import type { GraphNode } from '../../api/graph';
import { GALAXY_TEXT, SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS } from './constants';

/** Titles starting with the text first, then containing it; alphabetical within each. */
export function suggestStars(nodes: readonly GraphNode[], text: string): GraphNode[] {
  const q = text.trim().toLocaleLowerCase();
  if (!q) return [];
  const hits: { node: GraphNode; rank: number; key: string }[] = [];
  for (const node of nodes) {
    const key = node.title.toLocaleLowerCase();
    const at = key.indexOf(q);
    if (at >= 0) hits.push({ node, rank: at === 0 ? 0 : 1, key });
  }
  hits.sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key));
  return hits.slice(0, SEARCH_SUGGESTIONS).map((h) => h.node);
}

export function GalaxySearch({ nodes, onChoose }: { nodes: readonly GraphNode[]; onChoose(node: GraphNode): void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // After a choice the box shows the chosen title without offering it again.
  const [chosen, setChosen] = useState<string | null>(null);
  const suggestions = useMemo(() => (query === chosen ? [] : suggestStars(nodes, query)), [nodes, query, chosen]);
  useEffect(() => setActive(0), [suggestions]);

  const choose = (node: GraphNode) => {
    onChoose(node);
    setChosen(node.title);
    setText(node.title);
    setQuery(node.title);
  };

  return (
    <div lang="en" className="relative w-72 max-w-[60vw]">
      <input
        type="search"
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-controls="galaxy-suggestions"
        aria-autocomplete="list"
        aria-activedescendant={suggestions[active] ? `galaxy-suggestion-${suggestions[active].id}` : undefined}
        aria-label={GALAXY_TEXT.search}
        placeholder={GALAXY_TEXT.search}
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
        className="w-full rounded-full border border-space-600 bg-space-900/80 px-4 py-2 text-sm text-slate-100 placeholder:text-slate-400 backdrop-blur focus:border-nebula-400 focus:outline-none"
      />
      {suggestions.length > 0 && (
        <ul id="galaxy-suggestions" role="listbox" aria-label="Suggestions" className="absolute mt-1 w-full overflow-hidden rounded-lg border border-space-600 bg-space-900/95 py-1 text-sm shadow-xl backdrop-blur">
          {suggestions.map((node, i) => (
            <li
              key={node.id}
              id={`galaxy-suggestion-${node.id}`}
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
