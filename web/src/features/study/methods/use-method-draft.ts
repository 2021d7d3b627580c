/**
 * What a person writes in a method step, kept in this browser (localStorage) as they type,
 * per session, concept and step, so a reload, a lost connection or a failed save loses
 * nothing; cleared once the server holds it.
 */
import { useCallback, useEffect, useState } from 'react';

const key = (sessionId: number, conceptId: number, step: string) => `astrolabe.method-draft.${sessionId}.${conceptId}.${step}`;

function read(k: string): string {
  try {
    return localStorage.getItem(k) ?? '';
  } catch {
    return '';
  }
}

export function useMethodDraft(sessionId: number, conceptId: number, step: string) {
  const k = key(sessionId, conceptId, step);
  const [text, setText] = useState(() => read(k));
  useEffect(() => setText(read(k)), [k]);
  const change = useCallback(
    (next: string) => {
      setText(next);
      try {
        localStorage.setItem(k, next);
      } catch {
        // Storage full or refused: the text stays on the page.
      }
    },
    [k],
  );
  const clear = useCallback(() => {
    try {
      localStorage.removeItem(k);
    } catch {
      // nothing kept
    }
  }, [k]);
  return { text, change, clear };
}
