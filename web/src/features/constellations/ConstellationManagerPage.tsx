/**
 * /constellation-manager, 'Gérer les Constellations' (spec document 2): the grid of
 * constellations with create, edit and delete. Deleting a constellation keeps its
 * concepts (only the grouping goes), and the confirmation says so.
 */
import { useCallback, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toasts';
import { constellationsApi, type Constellation } from '../../api/constellations';
import { ConfirmDialog } from '../../ui/Dialog';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { ConstellationCard } from './ConstellationCard';
import { ConstellationDialog } from './ConstellationDialog';

export function ConstellationManagerPage() {
  const toast = useToast();
  const [reload, setReload] = useState(0);
  const load = useLoad((signal) => constellationsApi.list(signal), [reload], { keepWhileReloading: true });
  const [dialog, setDialog] = useState<{ editing: Constellation | null } | null>(null);
  const [deleting, setDeleting] = useState<Constellation | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => setReload((r) => r + 1), []);

  async function remove(constellation: Constellation) {
    setBusy(true);
    try {
      await constellationsApi.remove(constellation.id);
      toast.success('Constellation supprimée.');
      refresh();
    } catch (err) {
      toast.error(errorText(err, 'Impossible de supprimer la constellation.'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Gérer les Constellations</h1>
        <button type="button" className="btn-primary" onClick={() => setDialog({ editing: null })}>
          Nouvelle constellation
        </button>
      </header>
      {load.phase === 'loading' && <Spinner />}
      {load.phase === 'error' && (
        <p role="alert" className="card text-red-300">
          {errorText(load.error, 'Impossible de charger les constellations.')}
        </p>
      )}
      {load.phase === 'loaded' && load.data.length === 0 && <p className="card text-center text-slate-300">Aucune constellation trouvée</p>}
      {load.phase === 'loaded' && load.data.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {load.data.map((c) => (
            <ConstellationCard key={c.id} constellation={c} onEdit={(editing) => setDialog({ editing })} onDelete={setDeleting} />
          ))}
        </div>
      )}
      <ConstellationDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(_saved, created) => {
          setDialog(null);
          toast.success(created ? 'Constellation créée avec succès !' : 'Constellation mise à jour avec succès !');
          refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer la constellation"
        message={`Supprimer la constellation « ${deleting?.name ?? ''} » ? Les concepts qu'elle contient sont conservés.`}
        confirmLabel="Supprimer"
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
