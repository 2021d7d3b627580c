/**
 * Roving tabindex for a toolbar (WAI-ARIA toolbar pattern): the whole toolbar is
 * one Tab stop; the arrow keys, Home and End move between its buttons, and Tab comes back
 * to the one used last. Works on whatever buttons the toolbar renders, so groups that come
 * and go (table tools) join without bookkeeping.
 */
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const ITEMS = 'button:not([disabled])';
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, n) => (at + 1) % n,
  ArrowDown: (at, n) => (at + 1) % n,
  ArrowLeft: (at, n) => (at - 1 + n) % n,
  ArrowUp: (at, n) => (at - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function useRovingFocus<T extends HTMLElement>(orientation: 'horizontal' | 'vertical' = 'horizontal') {
  const ref = useRef<T>(null);
  const current = useRef(0);
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const mark = (all: HTMLElement[], at: number) => {
    // Disabled buttons too, so one that becomes usable is not a second stop until the next render.
    ref.current?.querySelectorAll<HTMLElement>('button').forEach((el) => (el.tabIndex = -1));
    all[at]!.tabIndex = 0;
  };

  // After every render: buttons may have appeared, gone or been disabled.
  useLayoutEffect(() => {
    const all = items();
    if (all.length) mark(all, Math.min(current.current, all.length - 1));
  });

  const onFocus = (e: FocusEvent<T>) => {
    const all = items();
    const at = all.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    current.current = at;
    mark(all, at);
  };

  const onKeyDown = (e: KeyboardEvent<T>) => {
    const move = MOVES[e.key];
    const across = orientation === 'horizontal' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
    if (!move || across.includes(e.key)) return;
    const all = items();
    const at = all.indexOf(e.target as HTMLElement);
    if (at < 0 || all.length === 0) return;
    e.preventDefault();
    all[move(at, all.length)]!.focus();
  };

  return { ref, onFocus, onKeyDown, 'aria-orientation': orientation } as const;
}
