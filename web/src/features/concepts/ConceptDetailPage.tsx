/**
 * /concepts/{id} (spec document 1 §2 concept detail, §4 concept page, §8). The concept
 * and the titles its text mentions (found on the server by the title matcher)
 * load together; each spelling the text uses drives auto-linking.
 * States: invalid id, loading, error, not found, loaded.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../ui/auth-context';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toasts';
import { ConceptFlashcardsPanel } from '../flashcards/ConceptFlashcardsPanel';
import { conceptsApi, type Concept, type ConceptRef } from '../../api/concepts';
import { ConstellationChips, TagChips } from './Chips';
import { ConceptContent } from './ConceptContent';
import { ConceptMetadata, PersonalNotes } from './ConceptMetadata';
import { ConfirmDialog } from '../../ui/Dialog';
import { parseId } from './format';
import { errorText, isNotFound } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { MentionsPanel } from './MentionsPanel';
import { FeynmanExplanation } from './FeynmanExplanation';

type Load = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'notFound' } | { phase: 'loaded'; concept: Concept; titles: ConceptRef[] };

function useConceptWithTitles(id: number | null): Load {
  const load = useLoad(
    id === null
      ? null
      : (signal) =>
          // Without the titles the page still shows, only without auto-links.
          Promise.all([
            conceptsApi.get(id, signal),
            conceptsApi
              .linkedTitles(id, signal)
              .then((found) => found.flatMap((t): ConceptRef[] => t.matches.map((spelling) => ({ id: t.id, title: spelling }))))
              .catch((): ConceptRef[] => []),
          ]),
    [id],
  );
  if (load.phase === 'error') return isNotFound(load.error) ? { phase: 'notFound' } : { phase: 'error', message: errorText(load.error, 'Erreur chargement.') };
  return load.phase === 'loaded' ? { phase: 'loaded', concept: load.data[0], titles: load.data[1] } : load;
}

const BackLink = () => (
  <Link to="/concepts" className="btn-ghost">
    ← Retour à la liste
  </Link>
);

export function ConceptDetailPage() {
  const id = parseId(useParams().id);
  const load = useConceptWithTitles(id);
  if (id === null) return <Message text="ID de concept invalide." />;
  if (load.phase === 'loading') return <Spinner />;
  if (load.phase === 'notFound') return <Message text="Concept non trouvé." />;
  if (load.phase === 'error') return <Message heading="Erreur" text={load.message} />;
  return <LoadedConcept concept={load.concept} titles={load.titles} />;
}

function Message({ heading, text }: { heading?: string; text: string }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div role="alert" className="card">
        {heading && <h1 className="mb-2 text-2xl font-semibold text-red-300">{heading}</h1>}
        <p className="text-slate-200">{text}</p>
      </div>
      <BackLink />
    </div>
  );
}

function LoadedConcept({ concept: loaded, titles }: { concept: Concept; titles: ConceptRef[] }) {
  const navigate = useNavigate();
  // Mastery and next review change with every answer in the review dialog: re-read them then.
  const [study, setStudy] = useState<Pick<Concept, 'mastery_level' | 'next_review_at'> | null>(null);
  const concept = study ? { ...loaded, ...study } : loaded;
  const refreshStudy = () =>
    void conceptsApi
      .get(loaded.id)
      .then((c) => setStudy({ mastery_level: c.mastery_level, next_review_at: c.next_review_at }))
      .catch(() => undefined);
  const toast = useToast();
  const { isWebView } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = concept.title || 'Sans titre';

  async function remove() {
    setDeleting(true);
    try {
      await conceptsApi.remove(concept.id);
      toast.success('Concept supprimé avec succès !');
      navigate('/');
    } catch (err) {
      setDeleting(false);
      setConfirming(false);
      toast.error(`Erreur : ${errorText(err, 'Une erreur est survenue lors de la suppression.')}`);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <BackLink />
      <header className="card space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="min-w-0 text-3xl font-semibold [overflow-wrap:anywhere]">{title}</h1>
          <div className="flex flex-wrap gap-2">
            <Link to={`/concepts/${concept.id}/edit${isWebView ? '?source=mobile_webview' : ''}`} className="btn-primary">
              Modifier
            </Link>
            <Link to={`/concepts/${concept.id}/cornell`} className="btn-ghost">
              Fiche Cornell
            </Link>
            <button type="button" className="btn border border-red-600/60 text-red-200 hover:bg-red-950" onClick={() => setConfirming(true)}>
              Supprimer
            </button>
          </div>
        </div>
        <TagChips tags={concept.tags} />
        <ConstellationChips constellations={concept.constellations} />
      </header>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <section aria-label="Contenu" className="readable-view card">
            <ConceptContent concept={concept} titles={titles} />
          </section>
          <PersonalNotes notes={concept.notes} />
          <FeynmanExplanation conceptId={concept.id} />
          <ConceptFlashcardsPanel conceptId={concept.id} conceptTitle={title} onStudyChanged={refreshStudy} />
        </div>
        <div className="space-y-4">
          <MentionsPanel conceptId={concept.id} backlinks={concept.backlinks} />
          <ConceptMetadata concept={concept} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Supprimer le concept"
        message="Êtes-vous sûr de vouloir supprimer ce concept ? Cette action est irréversible."
        confirmLabel="Supprimer"
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
