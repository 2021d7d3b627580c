/** /concepts: the title, 'Ajouter Concept' (to the full form), the quick creation dialog, and the list. */
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { conceptSortOf } from '@domain/preferences';
import { useToast } from '../../ui/Toasts';
import { usePreferences } from '../settings/preferences-context';
import { ConceptList } from './ConceptList';
import { CreateConceptDialog } from './CreateConceptDialog';
import { QueuedCreations } from '../offline/QueuedCreations';
import type { QueuedCreation } from '../offline/creation-queue';
import { useOnCreationsSent } from '../offline/use-on-creations-sent';

const isConcept = (item: QueuedCreation) => item.kind === 'concept';

export function ConceptsPage() {
  const [quickOpen, setQuickOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const toast = useToast();
  const { preferences, loaded } = usePreferences();
  // Concepts created offline reached the server: the list reads again to show them.
  useOnCreationsSent(isConcept, useCallback(() => setReloadKey((k) => k + 1), []));
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Concepts</h1>
        <div className="flex gap-2">
          <button type="button" className="btn-ghost" onClick={() => setQuickOpen(true)}>
            Création rapide
          </button>
          <Link to="/concepts/new" className="btn-primary">
            Ajouter Concept
          </Link>
        </div>
      </header>
      <QueuedCreations title="Créés hors ligne, en attente d'envoi" pick={isConcept} />
      {loaded && (
        <ConceptList
          reloadKey={reloadKey}
          initial={{ layout: preferences.default_concept_view === 'list' ? 'row' : 'card', sort: conceptSortOf(preferences.concept_sort_order) }}
        />
      )}
      <CreateConceptDialog
        open={quickOpen}
        onClose={() => setQuickOpen(false)}
        onCreated={() => {
          setQuickOpen(false);
          // Reload the first page so the new concept shows (first, with the default sort).
          setReloadKey((k) => k + 1);
          toast.success('Concept ajouté avec succès!');
        }}
      />
    </div>
  );
}
