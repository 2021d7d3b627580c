/** An accessible tab strip (role tablist); arrow keys move between tabs. */
import type { KeyboardEvent } from 'react';

export function Tabs<T extends string>({ tabs, active, onChange, label }: { tabs: readonly T[]; active: T; onChange(tab: T): void; label: string }) {
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const at = (tabs.indexOf(active) + step + tabs.length) % tabs.length;
    onChange(tabs[at]!);
    // The focus follows the selection (WAI-ARIA tabs pattern).
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[at]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex flex-wrap gap-1 border-b border-space-700" onKeyDown={onKey}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === active}
          tabIndex={tab === active ? 0 : -1}
          className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm sm:px-4 ${tab === active ? 'border-nebula-400 text-white' : 'border-transparent text-slate-400 hover:text-slate-200'}`}
          onClick={() => onChange(tab)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
