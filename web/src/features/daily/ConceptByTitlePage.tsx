/**
 * /concepts/title/{title} (spec §2.1): the target of a mention whose concept is not known
 * by id. Opens the concept with that title (case- and accent-insensitive), or offers to
 * create it.
 */
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { titleKey } from '@domain/wiki-links';
import { conceptsApi } from '../../api/concepts';
import { useLoad } from '../../ui/use-load';
import { CreateConceptDialog } from '../concepts/CreateConceptDialog';

export function ConceptByTitlePage() {
  const title = useParams().title ?? '';
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const found = useLoad((signal) => conceptsApi.search(title, 10, signal), [title]);
  if (found.phase === 'loading') return <p className="text-slate-400">Chargement...</p>;
  const match = found.phase === 'loaded' ? found.data.find((c) => titleKey(c.title) === titleKey(title)) : undefined;
  if (match) return <Navigate to={`/concepts/${match.id}`} replace />;
  return (
    <div className="card space-y-3">
      <h1 className="text-xl font-semibold">{title} (not found)</h1>
      <p className="text-slate-300">Aucun concept ne porte ce titre.</p>
      <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
        Créer ce concept
      </button>
      <CreateConceptDialog open={creating} initialTitle={title} onClose={() => setCreating(false)} onCreated={(c) => navigate(`/concepts/${c.id}`, { replace: true })} />
    </div>
  );
}
