/**
 * AI generation (spec document 2 §2, §4, §8): choose 1-20 cards (default 5), generate,
 * then review the candidates in GeneratedFlashcardsDialog before anything is saved.
 */
import { useState } from 'react';
import { TOAST_FLASHCARD_MS, useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { aiApi, type GeneratedFlashcard } from '../../api/ai';
import { GeneratedFlashcardsDialog } from './GeneratedFlashcardsDialog';

export const MIN_GENERATED = 1;
export const MAX_GENERATED = 20;
export const DEFAULT_GENERATED = 5;

export function AiGeneration({ conceptId, onSaved }: { conceptId: number; onSaved(): void }) {
  const toast = useToast();
  const [count, setCount] = useState(DEFAULT_GENERATED);
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<GeneratedFlashcard[] | null>(null);

  async function generate() {
    setBusy(true);
    try {
      const result = await aiApi.generateFlashcards(conceptId, count);
      if (result.error_message) {
        toast.error(`Erreur lors de la génération: ${result.error_message}`, TOAST_FLASHCARD_MS);
      } else if (result.generated_flashcards.length === 0) {
        toast.warning('Aucune flashcard générée. Veuillez réessayer.', TOAST_FLASHCARD_MS);
      } else {
        const made = result.generated_flashcards.length;
        // Fewer than asked is said plainly: 'N flashcard(s) générée(s) sur M demandées'.
        if (made < count) toast.info(`${made} flashcard(s) générée(s) sur ${count} demandées`, TOAST_FLASHCARD_MS);
        else toast.success(`${made} flashcard(s) générée(s) avec succès !`, TOAST_FLASHCARD_MS);
        setCandidates(result.generated_flashcards);
      }
    } catch (err) {
      toast.error(`Erreur: ${errorText(err, 'Erreur de génération')}`, TOAST_FLASHCARD_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 self-start rounded-lg border border-space-700 bg-space-800/60 p-4">
      <h3 className="text-base font-semibold">Générer avec l'IA</h3>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Nombre de flashcards : {count}</span>
        <input
          type="range"
          className="w-full accent-nebula-500"
          min={MIN_GENERATED}
          max={MAX_GENERATED}
          step={1}
          value={count}
          disabled={busy}
          onChange={(e) => setCount(Number(e.target.value))}
        />
      </label>
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void generate()}>
        {busy ? 'Génération en cours...' : 'Générer des flashcards'}
      </button>
      <GeneratedFlashcardsDialog
        conceptId={conceptId}
        candidates={candidates}
        onClose={() => setCandidates(null)}
        onSaved={() => {
          setCandidates(null);
          onSaved();
        }}
      />
    </div>
  );
}
