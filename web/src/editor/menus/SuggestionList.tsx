/** The list shown under a suggestion trigger ('/', '[[', '#', 'C::'): arrows move, Enter picks, Escape closes. */
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';

export interface SuggestionItem {
  id: string;
  label: string;
  hint?: string;
}

export interface SuggestionListProps {
  items: SuggestionItem[];
  title: string;
  emptyText: string;
  command: (item: SuggestionItem) => void;
}

export interface SuggestionListHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

export const SuggestionList = forwardRef<SuggestionListHandle, SuggestionListProps>(function SuggestionList({ items, title, emptyText, command }, ref) {
  const [selected, setSelected] = useState(0);
  useEffect(() => setSelected(0), [items]);
  useImperativeHandle(ref, () => ({
    onKeyDown: (event) => {
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown') return setSelected((i) => (i + 1) % items.length), true;
      if (event.key === 'ArrowUp') return setSelected((i) => (i + items.length - 1) % items.length), true;
      if (event.key === 'Enter' || event.key === 'Tab') return command(items[selected]!), true;
      return false;
    },
  }));
  return (
    <div role="listbox" aria-label={title} className="z-50 max-h-72 w-64 overflow-y-auto rounded-md border border-space-600 bg-space-800 p-1 text-sm text-slate-100 shadow-xl">
      {items.length === 0 ? (
        <p className="px-2 py-1 text-slate-400">{emptyText}</p>
      ) : (
        items.map((item, i) => (
          <button
            key={item.id}
            type="button"
            role="option"
            aria-selected={i === selected}
            className={`block w-full rounded px-2 py-1 text-left ${i === selected ? 'bg-nebula-500/40' : 'hover:bg-space-700'}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command(item)}
          >
            {item.label}
            {item.hint && <span className="ml-2 text-xs text-slate-400">{item.hint}</span>}
          </button>
        ))
      )}
    </div>
  );
});
