/**
 * /tags/{tagName} and /tag/{name} (spec document 2 'Tag page'): every concept carrying the
 * tag, loaded at once, as cards with the current tag highlighted.
 */
import { useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { tagsApi } from '../../api/tags';
import { ConceptCard } from '../concepts/ConceptCard';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';

/** The router hands over the segment already URL-decoded (links encode it with encodeURIComponent). */
function tagFromRoute(raw: string | undefined): string | null {
  const name = raw?.trim();
  return name ? name : null;
}

export function TagPage() {
  const params = useParams();
  const tag = tagFromRoute(params.tagName ?? params.name);
  const load = useLoad(tag === null ? null : (signal) => tagsApi.concepts(tag, signal), [tag]);

  if (tag === null) {
    return (
      <p role="alert" className="card mx-auto max-w-3xl text-red-300">
        Nom de tag invalide ou manquant.
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <h1 className="text-3xl font-semibold">
        Concepts marqués avec <span className="rounded-full bg-nebula-500 px-3 py-0.5 text-2xl text-white">#{tag}</span>
      </h1>
      {load.phase === 'loading' && <Spinner />}
      {load.phase === 'error' && (
        <p role="alert" className="card text-red-300">
          {errorText(load.error, 'Impossible de charger les concepts pour ce tag.')}
        </p>
      )}
      {load.phase === 'loaded' && load.data.length === 0 && <p className="card text-center text-slate-300">Aucun concept trouvé pour ce tag.</p>}
      {load.phase === 'loaded' && load.data.length > 0 && (
        <>
          <p className="text-sm text-slate-400">{load.data.length} concept(s)</p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {load.data.map((concept) => (
              <ConceptCard key={concept.id} concept={concept} highlightTag={tag} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
