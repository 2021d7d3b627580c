/** The concept page's flashcards panel: tabs 'Réviser' and 'Créer' (spec document 2 §2). */
import { useState } from 'react';
import { AiGeneration } from './AiGeneration';
import { FlashcardForm } from './FlashcardForm';
import { OcclusionEditor } from './OcclusionEditor';
import { ReviewTab } from './ReviewTab';
import { Tabs } from './Tabs';
import { useFlashcards } from './use-flashcards';

const TABS = ['Réviser', 'Créer'] as const;
type Tab = (typeof TABS)[number];

/** `onStudyChanged` runs after an answer or undo in the review dialog, so the page can refresh the concept's mastery and next review. */
export function ConceptFlashcardsPanel({ conceptId, conceptTitle, onStudyChanged }: { conceptId: number; conceptTitle: string; onStudyChanged?(): void }) {
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
        <ReviewTab conceptId={conceptId} state={state} onStudyChanged={onStudyChanged} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <FlashcardForm conceptId={conceptId} onSaved={state.reload} />
          <AiGeneration conceptId={conceptId} onSaved={backToReview} />
          <div className="lg:col-span-2">
            <OcclusionEditor conceptId={conceptId} onSaved={state.reload} />
          </div>
        </div>
      )}
    </section>
  );
}
