/** /concepts: the title, 'Ajouter Concept' (to the full form), the quick creation dialog, and the list. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../ui/Toasts';
import { ConceptList } from './ConceptList';
import { CreateConceptDialog } from './CreateConceptDialog';

export function ConceptsPage() {
  const [quickOpen, setQuickOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const toast = useToast();
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
      <ConceptList reloadKey={reloadKey} />
      <CreateConceptDialog
        open={quickOpen}
        onClose={() => setQuickOpen(false)}
        onCreated={() => {
          setQuickOpen(false);
          // The list is sorted by last change by default, so the new concept shows first.
          setReloadKey((k) => k + 1);
          toast.success('Concept ajouté avec succès!');
        }}
      />
    </div>
  );
}
