/** The concept set being prepared: toggled one by one or a whole constellation at a time. */
import { useCallback, useState } from 'react';
import type { ConceptRef } from '../../api/concepts';

export function useConceptSelection() {
  const [selected, setSelected] = useState<Map<number, string>>(new Map());

  const toggle = useCallback((concept: ConceptRef) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(concept.id)) next.delete(concept.id);
      else next.set(concept.id, concept.title);
      return next;
    });
  }, []);

  const addAll = useCallback((concepts: ConceptRef[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const c of concepts) next.set(c.id, c.title);
      return next;
    });
  }, []);

  const removeAll = useCallback((concepts: ConceptRef[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const c of concepts) next.delete(c.id);
      return next;
    });
  }, []);

  const clear = useCallback(() => setSelected(new Map()), []);

  return { selected, ids: [...selected.keys()], toggle, addAll, removeAll, clear };
}

export type ConceptSelection = ReturnType<typeof useConceptSelection>;
