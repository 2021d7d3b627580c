/**
 * After an Anki import whose collection carries optimised FSRS parameters (its preset's),
 * the offer to schedule with them. Nothing is saved unless the person says so: their own
 * parameters, if any, stay in use.
 */
import { useState } from 'react';
import { fsrsApi, forgetSchedulingParams } from '../../api/fsrs';
import { errorText } from '../../ui/error-text';
import { useToast } from '../../ui/Toasts';

export function OfferedFsrsParams({ params, onDone }: { params: number[]; onDone(): void }) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const use = async () => {
    setSaving(true);
    try {
      await fsrsApi.save(params);
      forgetSchedulingParams();
      toast.success('FSRS parameters saved: your next reviews use them.');
      onDone();
    } catch (error) {
      toast.error(`Saving failed: ${errorText(error, 'please try again')}`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div role="group" aria-labelledby="offered-fsrs-title" className="space-y-2 rounded-lg border border-slate-600 p-3">
      <p id="offered-fsrs-title" className="text-sm font-medium">This collection carries FSRS parameters from its Anki preset.</p>
      <p className="text-sm text-slate-400">Your reviews keep their current parameters unless you choose these.</p>
      <p className="break-all font-mono text-xs text-slate-400">{params.join(', ')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={saving} onClick={() => void use()}>
          Use these FSRS parameters
        </button>
        <button type="button" className="btn-ghost" disabled={saving} onClick={onDone}>
          Keep mine
        </button>
      </div>
    </div>
  );
}
