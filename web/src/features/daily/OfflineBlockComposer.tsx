/**
 * Writing a block of a note the device cannot reach: offline, with no live copy
 * of the note on this device, the block is kept here (features/offline/creation-queue.ts)
 * and added to the note of its date when the server comes back — the note is made then if
 * it did not exist. The blocks waiting show below, in the order they were written.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { keepThroughUpdate, takeKeptThroughUpdate } from '../../lib/update-reload';
import { useToast } from '../../ui/Toasts';
import { useCreationQueue } from '../offline/use-creation-queue';

export function OfflineBlockComposer({ date }: { date: string }) {
  const queue = useCreationQueue();
  const toast = useToast();
  // A reload into a new build ('Recharger') keeps the text being written.
  const [text, setText] = useState(() => takeKeptThroughUpdate<string>(`offline-block-${date}`) ?? '');
  const [busy, setBusy] = useState(false);
  const typed = useRef(text);
  typed.current = text;
  useEffect(() => keepThroughUpdate(`offline-block-${date}`, () => typed.current.trim() || undefined), [date]);

  async function keep(event: FormEvent) {
    event.preventDefault();
    if (!queue || !text.trim()) return;
    setBusy(true);
    try {
      await queue.add({ kind: 'block', date, text: text.trim() });
      setText('');
    } catch {
      toast.error("Le bloc n'a pas pu être gardé sur cet appareil.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={keep} className="card space-y-2 p-3" data-testid="offline-block-composer">
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Nouveau bloc (hors ligne)</span>
        <textarea className="field min-h-24" value={text} disabled={busy} onChange={(e) => setText(e.target.value)} />
      </label>
      <p className="text-xs text-slate-400">Hors ligne : le bloc est gardé sur cet appareil et sera ajouté à la note au retour du réseau.</p>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy || !text.trim()}>
          Garder le bloc
        </button>
      </div>
    </form>
  );
}
