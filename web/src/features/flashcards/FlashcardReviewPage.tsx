/**
 * /concepts/{id}/flashcards/review and /flashcards: a single 'Réviser' tab over one
 * concept's cards, or over all of the user's cards when there is no concept (spec document 2 §2).
 */
import { Link, useParams } from 'react-router';
import { ReviewTab } from './ReviewTab';
import { Tabs } from './Tabs';
import { useFlashcards } from './use-flashcards';

export function FlashcardReviewPage() {
  const { id } = useParams();
  const conceptId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const invalid = id !== undefined && conceptId === undefined;
  const state = useFlashcards(conceptId);
  const title = conceptId !== undefined ? state.cards?.[0]?.concept_title : null;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      {conceptId !== undefined && (
        <Link to={`/concepts/${conceptId}`} className="text-sm text-nebula-400 hover:underline">
          ← Retour au concept
        </Link>
      )}
      <h1 className="text-2xl font-semibold">{conceptId !== undefined ? `Flashcards${title ? ` — ${title}` : ''}` : 'Toutes mes flashcards'}</h1>
      <div className="card">
        <Tabs tabs={['Réviser'] as const} active="Réviser" onChange={() => undefined} label="Flashcards" />
        {invalid ? <p role="alert" className="text-red-300">ID de concept invalide.</p> : <ReviewTab conceptId={conceptId} state={state} />}
      </div>
    </section>
  );
}

export default FlashcardReviewPage;
export { FlashcardReviewPage as Component };
