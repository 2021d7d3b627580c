/**
 * /concepts/{id}/cornell: the concept's Cornell sheet, kept per concept and reached from
 * the concept page. States: invalid id, loading, not found, error, loaded.
 */
import { Link, useParams } from 'react-router';
import { conceptsApi } from '../../../api/concepts';
import { errorText, isNotFound } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/use-load';
import { parseId } from '../../concepts/format';
import { CornellWorkspace } from './CornellWorkspace';

export function CornellSheetPage() {
  const id = parseId(useParams().id);
  const concept = useLoad(id === null ? null : (signal) => conceptsApi.get(id, signal), [id]);
  const problem = id === null ? 'ID de concept invalide.' : concept.phase === 'error' ? (isNotFound(concept.error) ? 'Concept non trouvé.' : errorText(concept.error, 'Impossible de charger le concept.')) : null;
  if (problem)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <p role="alert" className="card">
          {problem}
        </p>
        <Link to="/concepts" className="btn-ghost">
          ← Retour à la liste
        </Link>
      </div>
    );
  if (concept.phase !== 'loaded') return <Spinner />;
  return (
    <section className="mx-auto max-w-5xl space-y-4">
      <Link to={`/concepts/${concept.data.id}`} className="btn-ghost">
        ← Retour au concept
      </Link>
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Fiche Cornell : {concept.data.title || 'Sans titre'}</h1>
      <p className="text-sm text-slate-400">À gauche, des questions ; à droite, vos notes ; en bas, le résumé. Une question qui se termine par « ? » peut devenir une carte.</p>
      <CornellWorkspace conceptId={concept.data.id} />
    </section>
  );
}

export default CornellSheetPage;
