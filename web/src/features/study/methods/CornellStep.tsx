/**
 * One concept of a Cornell session: the concept's sheet (kept on the concept, the same one
 * its page shows), written or completed, then reviewed with the notes hidden; the review's
 * ratings are the step's result.
 */
import { studyMethodsApi, type MethodResult, type SessionConcept } from '../../../api/study-methods';
import { CornellWorkspace } from '../cornell/CornellWorkspace';
import { useStepTimer } from './use-step-timer';

interface Props {
  sessionId: number;
  concept: SessionConcept;
  saved: MethodResult | null;
  onSaved(result: MethodResult): void;
}

export function CornellStep({ sessionId, concept, saved, onSaved }: Props) {
  const timer = useStepTimer(true);
  return (
    <div className="space-y-3">
      <p className="text-slate-300">Complétez la fiche du concept, créez des cartes de vos questions si vous le souhaitez, puis passez en mode révision pour vous tester.</p>
      {saved && (
        <p role="status" className="text-sm text-emerald-200">
          Révision enregistrée pour ce concept.
        </p>
      )}
      <CornellWorkspace conceptId={concept.id} onReviewed={async (ratings) => onSaved(await studyMethodsApi.saveCornell(sessionId, concept.id, ratings, timer.spentMs()))} />
    </div>
  );
}
