/**
 * The page's queue of creations made offline (issue 28, web/src/features/offline/creation-queue.ts):
 * sent oldest first with the id they were queued with, kept while the server is out of
 * reach, and never dropped silently when the server refuses one.
 */
import { describe, expect, it } from 'vitest';
import { CreationQueue, creationsLossText, type QueuedCreation, type SendCreation } from '../../web/src/features/offline/creation-queue';
import type { CreationStore } from '../../web/src/lib/queued-creation';

function memoryStore(records = new Map<string, QueuedCreation>()): CreationStore & { records: Map<string, QueuedCreation> } {
  return {
    records,
    all: async (userId) => [...records.values()].filter((c) => c.user_id === userId),
    put: async (item) => void records.set(item.client_id, structuredClone(item)),
    remove: async (ids) => ids.forEach((id) => records.delete(id)),
  };
}

const failure = (status: number, message = 'failed') => Object.assign(new Error(message), { status });
const concept = (title: string) => ({ kind: 'concept' as const, concept: { title, content: null, source: 'MANUAL' as const } });

describe('creations made offline', () => {
  it('sends them oldest first with the ids they were queued with, keeps them while the server is out of reach, and keeps them across a new page', async () => {
    const store = memoryStore();
    const sent: string[] = [];
    let reachable = false;
    const send: SendCreation = async (item) => {
      if (!reachable) throw failure(0);
      sent.push(item.client_id);
    };
    const queue = new CreationQueue(3, store, send);
    await queue.ready;
    const first = await queue.add(concept('Photosynthèse'), 'a'.repeat(32), 1000);
    const second = await queue.add({ kind: 'block', date: '2026-01-15', text: 'Dans le train' }, undefined, 2000);
    await expect(queue.upload()).rejects.toMatchObject({ status: 0 });
    expect(queue.state()).toMatchObject({ pending: 2, refused: 0 });

    // A new page: the same two, in the same order, for the same person only.
    const again = new CreationQueue(3, store, send);
    await again.ready;
    expect(again.list().map((c) => c.client_id)).toEqual([first.client_id, second.client_id]);
    const stranger = new CreationQueue(4, store, send);
    await stranger.ready;
    expect(stranger.list()).toEqual([]);

    reachable = true;
    expect(await again.upload()).toBe(true);
    expect(sent).toEqual(['a'.repeat(32), second.client_id]);
    expect(again.state()).toMatchObject({ pending: 0, refused: 0 });
    expect(store.records.size).toBe(0);
  });

  it('keeps a refused creation with the server\'s reason, sends the others, and lets the person discard it', async () => {
    const store = memoryStore();
    const send: SendCreation = async (item) => {
      if (item.kind === 'concept' && item.concept.title === 'Trop long') throw failure(422, 'Le titre dépasse 500 caractères.');
    };
    const queue = new CreationQueue(3, store, send);
    await queue.ready;
    const refused = await queue.add(concept('Trop long'), undefined, 1000);
    await queue.add(concept('Mitose'), undefined, 2000);
    expect(await queue.upload()).toBe(true);
    expect(queue.list()).toEqual([{ ...refused, refused: 'Le titre dépasse 500 caractères.' }]);
    expect(queue.state()).toMatchObject({ pending: 0, refused: 1 });
    expect([...store.records.values()]).toEqual(queue.list());
    // Not sent again on the next try, and named before a logout.
    expect(await queue.upload()).toBe(false);
    expect(creationsLossText(queue.list())).toBe('Le concept « Trop long », créé hors ligne, sera perdu.');
    await queue.discard(refused.client_id);
    expect(queue.list()).toEqual([]);
    expect(store.records.size).toBe(0);
  });

  it('keeps what waits when the server fails (5xx) or asks to wait (429)', async () => {
    for (const status of [500, 429]) {
      const queue = new CreationQueue(3, memoryStore(), async () => {
        throw failure(status);
      });
      await queue.ready;
      await queue.add(concept('Méiose'));
      await expect(queue.upload()).rejects.toMatchObject({ status });
      expect(queue.state()).toMatchObject({ pending: 1, refused: 0 });
    }
  });
});
