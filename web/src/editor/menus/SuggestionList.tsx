/**
 * The list shown under a suggestion trigger ('/', '[[', '#', 'C::'): arrows move, Enter picks,
 * Escape closes. Focus stays in the editor, as in the WAI-ARIA combobox pattern: while the
 * list shows, the editor points at it (aria-controls) and at the highlighted option
 * (aria-activedescendant), so a screen reader reads each option as the arrows reach it.
 */
import { forwardRef, useEffect, useId, useImperativeHandle, useState } from 'react';

export interface SuggestionItem {
  id: string;
  label: string;
  hint?: string;
}

export interface SuggestionListProps {
  items: SuggestionItem[];
  title: string;
  emptyText: string;
  /** The items could not be loaded: `emptyText` is then an error, announced as one. */
  failed?: boolean;
  command: (item: SuggestionItem) => void;
  /** The editable element the keys are typed in. */
  owner?: HTMLElement;
}

export interface SuggestionListHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

export const SuggestionList = forwardRef<SuggestionListHandle, SuggestionListProps>(function SuggestionList({ items, title, emptyText, failed = false, command, owner }, ref) {
  const [selected, setSelected] = useState(0);
  const listId = useId();
  useEffect(() => setSelected(0), [items]);
  useEffect(() => {
    if (!owner) return;
    owner.setAttribute('aria-controls', listId);
    owner.setAttribute('aria-autocomplete', 'list');
    if (items[selected]) owner.setAttribute('aria-activedescendant', `${listId}-${selected}`);
    else owner.removeAttribute('aria-activedescendant');
    return () => ['aria-controls', 'aria-autocomplete', 'aria-activedescendant'].forEach((a) => owner.removeAttribute(a));
  }, [owner, listId, items, selected]);
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
    <div id={listId} role="listbox" aria-label={title} className="z-50 max-h-72 w-64 overflow-y-auto rounded-md border border-space-600 bg-space-800 p-1 text-sm text-slate-100 shadow-xl">
      {items.length === 0 ? (
        <p role={failed ? 'alert' : undefined} className={`px-2 py-1 ${failed ? 'text-red-300' : 'text-slate-400'}`}>
          {emptyText}
        </p>
      ) : (
        items.map((item, i) => (
          <button
            key={item.id}
            id={`${listId}-${i}`}
            type="button"
            tabIndex={-1}
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
