/**
 * The two questions a card's actions ask first: 'Oublier' asks for confirmation
 * (the card's memory starts again, its history is kept), 'Reprogrammer' asks in how many
 * days (0 = today, up to 100 years), refused on the page with a French message.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { RESCHEDULE_MAX_DAYS } from '@domain/card-actions';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';

export type AskedAction = 'forget' | 'reschedule' | null;

interface Props {
  asking: AskedAction;
  busy: boolean;
  onForget(): void;
  onReschedule(days: number): void;
  onCancel(): void;
}

const DAYS_ERROR = `Le nombre de jours doit être un entier de 0 à ${RESCHEDULE_MAX_DAYS}.`;

export function CardActionDialogs({ asking, busy, onForget, onReschedule, onCancel }: Props) {
  const [days, setDays] = useState('1');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (asking === 'reschedule') {
      setDays('1');
      setError(null);
    }
  }, [asking]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(days);
    if (days.trim() === '' || !Number.isInteger(value) || value < 0 || value > RESCHEDULE_MAX_DAYS) return setError(DAYS_ERROR);
    onReschedule(value);
  }

  return (
    <>
      <ConfirmDialog
        open={asking === 'forget'}
        title="Oublier cette carte ?"
        message="Sa mémoire repart de zéro : elle redevient une nouvelle carte. Son historique de révisions est conservé."
        confirmLabel="Oublier"
        busy={busy}
        onConfirm={onForget}
        onCancel={onCancel}
      />
      <Dialog open={asking === 'reschedule'} title="Reprogrammer la carte" onClose={onCancel}>
        <form className="space-y-3" onSubmit={submit} noValidate>
          <label className="block text-sm">
            <span className="mb-1 block text-slate-300">Prochaine révision dans (jours)</span>
            <input
              type="number"
              className="field w-32"
              inputMode="numeric"
              min={0}
              max={RESCHEDULE_MAX_DAYS}
              value={days}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'reschedule-error' : undefined}
              onChange={(e) => {
                setDays(e.target.value);
                setError(null);
              }}
            />
          </label>
          {error && (
            <p id="reschedule-error" role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={onCancel} disabled={busy}>
              Annuler
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              Reprogrammer
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
