/** The concept page's personal notes and metadata panels. */
import { Link } from 'react-router';
import { masteryLabel } from '@domain/mastery';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { MasteryBar } from './Chips';
import { formatDateTime } from './format';
import type { Concept, ConceptRef } from '../../api/concepts';

export function PersonalNotes({ notes }: { notes: Concept['notes'] }) {
  const empty = notes === null || (typeof notes === 'string' && !notes.trim());
  return (
    <section aria-labelledby="notes-title" className="card">
      <h2 id="notes-title" className="mb-2 text-lg font-semibold">
        Notes personnelles
      </h2>
      {empty && <p className="text-sm text-slate-400 italic">Aucune note personnelle.</p>}
      {typeof notes === 'string' && !empty && <p className="text-sm whitespace-pre-line text-slate-200">{notes}</p>}
      {notes !== null && typeof notes === 'object' && <RichTextEditor value={notes} editable={false} ariaLabel="Notes personnelles" />}
    </section>
  );
}

function RelationLinks({ label, concepts }: { label: string; concepts: ConceptRef[] }) {
  return (
    <div>
      <dt className="text-slate-400">{label}</dt>
      <dd>
        {concepts.length === 0 ? (
          '—'
        ) : (
          <ul className="flex flex-wrap gap-x-3">
            {concepts.map((c) => (
              <li key={c.id}>
                <Link to={`/concepts/${c.id}`} className="text-nebula-400 hover:underline">
                  {c.title || 'Sans titre'}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

export function ConceptMetadata({ concept }: { concept: Concept }) {
  return (
    <section aria-labelledby="metadata-title" className="card space-y-3 text-sm">
      <h2 id="metadata-title" className="text-lg font-semibold">
        Métadonnées
      </h2>
      <div>
        <p className="mb-1 text-slate-300">{masteryLabel(concept.mastery_level)}</p>
        <MasteryBar level={concept.mastery_level} />
      </div>
      <dl className="grid grid-cols-1 gap-2">
        <div>
          <dt className="text-slate-400">Créé le</dt>
          <dd>{formatDateTime(concept.created_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Modifié le</dt>
          <dd>{formatDateTime(concept.updated_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Prochaine révision</dt>
          <dd>{formatDateTime(concept.next_review_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Source</dt>
          <dd>
            {concept.source}
            {concept.source_url && (
              <>
                {' — '}
                <a href={concept.source_url} target="_blank" rel="noopener noreferrer" className="break-all text-nebula-400 hover:underline">
                  {concept.source_url}
                </a>
              </>
            )}
          </dd>
        </div>
        {concept.category && (
          <div>
            <dt className="text-slate-400">Catégorie</dt>
            <dd>{concept.category}</dd>
          </div>
        )}
        <RelationLinks label="Prérequis (parents)" concepts={concept.parents} />
        <RelationLinks label="Suites (enfants)" concepts={concept.children} />
      </dl>
      <Link to={`/explore-hierarchy/${concept.id}`} className="inline-block text-nebula-400 hover:underline">
        Explorer la hiérarchie
      </Link>
    </section>
  );
}
