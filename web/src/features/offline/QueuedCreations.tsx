/**
 * The creations of one kind still on this device, shown where they belong:
 * the concepts made offline on /concepts, the blocks of a date on its daily note. Each
 * says it waits to be sent, or why the server refused it, with 'Retirer' for the person to
 * discard a refused one once read (its text is shown whole, to copy).
 */
import type { QueuedCreation } from './creation-queue';
import { useCreationQueue, useQueuedCreations } from './use-creation-queue';

interface Props {
  /** Which creations to show. */
  pick(item: QueuedCreation): boolean;
  title: string;
}

export function QueuedCreations({ pick, title }: Props) {
  const queue = useCreationQueue();
  const items = useQueuedCreations(queue).filter(pick);
  if (!queue || !items.length) return null;
  return (
    <section aria-label={title} data-testid="queued-creations" className="card space-y-2 border-sky-600/40 p-3">
      <h2 className="text-sm font-semibold text-sky-200">{title}</h2>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.client_id} className="rounded border border-space-700 p-2 text-sm">
            {item.kind === 'concept' ? <p className="font-medium">{item.concept.title}</p> : <p className="whitespace-pre-line">{item.text}</p>}
            {item.refused === null ? (
              <p className="text-xs text-slate-400">En attente d'envoi — gardé sur cet appareil</p>
            ) : (
              <p className="flex flex-wrap items-center gap-2 text-xs text-amber-200">
                <span>Refusé par le serveur : {item.refused}</span>
                <button type="button" className="btn-ghost px-2 py-0.5 text-xs" onClick={() => void queue.discard(item.client_id)}>
                  Retirer
                </button>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
