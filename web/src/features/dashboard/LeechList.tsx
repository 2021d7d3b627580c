/**
 * 'Sangsues' on the dashboard: the cards forgotten again and again (tagged
 * 'sangsue' once their lapses reach the leech threshold), with one click to rewrite one
 * ('Réécrire' opens the card's form here) or to put it back in study ('Réactiver', which
 * also takes the tag off).
 */
import { lazy, Suspense, useState } from 'react';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';

// The card's form (with the language detection of its voice fields, a quarter of the
// dashboard's code) is fetched when a first card is rewritten, not with the dashboard.
const EditCardDialog = lazy(() => import('../flashcards/EditCardDialog').then((m) => ({ default: m.EditCardDialog })));

export function LeechList() {
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const [rewriting, setRewriting] = useState<Flashcard | null>(null);
  // Kept once loaded, so that the dialog closes (and gives the focus back) as a dialog does.
  const [formWanted, setFormWanted] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const leeches = useLoad(() => flashcardsApi.leeches(), [version], { keepWhileReloading: true });

  function rewrite(card: Flashcard) {
    setFormWanted(true);
    setRewriting(card);
  }

  async function reactivate(id: number) {
    setBusy(id);
    try {
      await flashcardsApi.act(id, 'unsuspend');
      toast.success('Carte réactivée : elle revient dans vos révisions.');
      setVersion((v) => v + 1);
    } catch (err) {
      toast.error(errorText(err, 'Impossible de réactiver cette carte.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card space-y-2" aria-labelledby="leeches-title" data-testid="leeches">
      <h2 id="leeches-title" className="text-lg font-semibold">
        Sangsues
      </h2>
      <p className="text-xs text-slate-400">Les cartes oubliées à répétition : reformulez-les, puis réactivez-les.</p>
      {leeches.phase === 'loading' && <Spinner />}
      {leeches.phase === 'error' && (
        <p role="alert" className="text-sm text-red-300">
          {errorText(leeches.error, 'Impossible de charger les sangsues.')}
        </p>
      )}
      {leeches.phase === 'loaded' && leeches.data.length === 0 && <p className="text-sm text-slate-400">Aucune sangsue : aucune carte n’est oubliée à répétition.</p>}
      {leeches.phase === 'loaded' && leeches.data.length > 0 && (
        <ul className="divide-y divide-space-700">
          {leeches.data.map((card) => (
            <li key={card.id} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="leech">
              <span className="min-w-0 flex-1">
                <span className="block truncate">{card.question}</span>
                <span className="text-xs text-slate-400">
                  {card.concept_title} · {card.lapses} oubli{card.lapses > 1 ? 's' : ''}
                  {card.suspended ? ' · suspendue' : ''}
                </span>
              </span>
              <button type="button" className="btn-ghost py-1" aria-label={`Réécrire « ${card.question} »`} title={`Réécrire « ${card.question} »`} onClick={() => rewrite(card)}>
                Réécrire
              </button>
              <button
                type="button"
                className="btn-primary py-1"
                aria-label={`Réactiver « ${card.question} »`}
                title={`Réactiver « ${card.question} »`}
                disabled={busy === card.id}
                onClick={() => void reactivate(card.id)}
              >
                Réactiver
              </button>
            </li>
          ))}
        </ul>
      )}
      {formWanted && (
        <Suspense fallback={null}>
          <EditCardDialog
            card={rewriting}
            onClose={() => setRewriting(null)}
            onSaved={() => {
              setRewriting(null);
              setVersion((v) => v + 1);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
