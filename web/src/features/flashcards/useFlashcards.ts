/** Loads a concept's cards (or all of the user's cards) with the spec's error texts (document 2 §8). */
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../ui/error-text';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';

export function useFlashcards(conceptId?: number) {
  const [cards, setCards] = useState<Flashcard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    setError(null);
    const load = conceptId !== undefined ? flashcardsApi.ofConcept(conceptId) : flashcardsApi.all();
    load
      .then((list) => live && setCards(list))
      .catch((err) => {
        if (!live) return;
        const fallback = conceptId !== undefined ? 'Erreur lors du chargement des flashcards pour ce concept.' : 'Erreur lors du chargement de toutes vos flashcards.';
        setError(errorText(err, fallback));
      });
    return () => {
      live = false;
    };
  }, [conceptId, version]);

  return { cards, error, reload };
}
