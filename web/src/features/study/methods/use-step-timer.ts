/**
 * The optional timer of a writing step (Blurting): the person picks a duration (kept in this
 * browser as their preference) or none; it counts down while they write, and the page tells
 * them when the time is up (their text is never cut). Also measures the time spent.
 */
import { useEffect, useRef, useState } from 'react';

export const TIMER_CHOICES = [0, 2, 5, 10] as const;
const PREFERENCE_KEY = 'astrolabe.blurting-timer-minutes';

function storedMinutes(): number {
  try {
    const value = Number(localStorage.getItem(PREFERENCE_KEY));
    return (TIMER_CHOICES as readonly number[]).includes(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function useStepTimer(running: boolean) {
  const [minutes, setMinutesState] = useState(storedMinutes);
  const [elapsed, setElapsed] = useState(0);
  const started = useRef(Date.now());
  useEffect(() => {
    if (!running) return;
    started.current = Date.now();
    setElapsed(0);
    const tick = window.setInterval(() => setElapsed(Math.floor((Date.now() - started.current) / 1000)), 1000);
    return () => window.clearInterval(tick);
  }, [running]);
  const setMinutes = (value: number) => {
    setMinutesState(value);
    try {
      localStorage.setItem(PREFERENCE_KEY, String(value));
    } catch {
      // kept for this page only
    }
  };
  const left = minutes > 0 ? Math.max(0, minutes * 60 - elapsed) : null;
  return { minutes, setMinutes, left, timeUp: left === 0, spentMs: () => Date.now() - started.current };
}

export const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
