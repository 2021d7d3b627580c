/** Loads a concept's cards (or all of the user's cards) with the spec's error texts (document 2 §8). */
import { useCallback, useState } from 'react';
import { useLoad } from '../../ui/use-load';
import { errorText, isNotFound } from '../../ui/error-text';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';

export function useFlashcards(conceptId?: number) {
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // A reload keeps the cards on screen until the new list arrives.
  const load = useLoad((): Promise<Flashcard[]> => (conceptId !== undefined ? flashcardsApi.ofConcept(conceptId) : flashcardsApi.all()), [conceptId, version], {
    keepWhileReloading: true,
  });
  const fallback = conceptId !== undefined ? 'Erreur lors du chargement des flashcards pour ce concept.' : 'Erreur lors du chargement de toutes vos flashcards.';
  // A missing concept reads in French, not the server's English 'Concept not found'.
  const message = (err: unknown) => (conceptId !== undefined && isNotFound(err) ? 'Concept non trouvé.' : errorText(err, fallback));
  return { cards: load.phase === 'loaded' ? load.data : null, error: load.phase === 'error' ? message(load.error) : null, reload };
}
