/** The concept page's flashcards panel: tabs 'Réviser' and 'Créer' (spec document 2 §2). */
import { useState } from 'react';
import { AiGeneration } from './AiGeneration';
import { FlashcardForm } from './FlashcardForm';
import { ReviewTab } from './ReviewTab';
import { Tabs } from './Tabs';
import { useFlashcards } from './use-flashcards';

const TABS = ['Réviser', 'Créer'] as const;
type Tab = (typeof TABS)[number];

export function ConceptFlashcardsPanel({ conceptId, conceptTitle }: { conceptId: number; conceptTitle: string }) {
  const [tab, setTab] = useState<Tab>('Réviser');
  const state = useFlashcards(conceptId);
  const backToReview = () => {
    state.reload();
    setTab('Réviser');
  };
  return (
    <section className="card" aria-label={`Flashcards de ${conceptTitle}`}>
      <h2 className="mb-2 text-lg font-semibold">Flashcards</h2>
      <Tabs<Tab> tabs={TABS} active={tab} onChange={setTab} label="Flashcards" />
      {tab === 'Réviser' ? (
        <ReviewTab conceptId={conceptId} state={state} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <FlashcardForm conceptId={conceptId} onSaved={state.reload} />
          <AiGeneration conceptId={conceptId} onSaved={backToReview} />
        </div>
      )}
    </section>
  );
}
