/**
 * 'Nouvelle version disponible — Recharger' (web/src/lib/update-reload.ts): the reload
 * into a new build keeps the fields typed and not saved, waits for the saves under way
 * (never forever), activates the new build once however many clicks, and a kept draft is
 * given back once, only while fresh, and forgotten by a logout.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../web/src/lib/update-reload');
let flow: Module;

beforeEach(async () => {
  vi.resetModules();
  flow = await import('../../web/src/lib/update-reload');
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('reloading into a new build', () => {
  it('keeps what is typed, waits for the pending saves, then activates the new build once', async () => {
    const storage = memoryStorage();
    const events: string[] = [];
    const activate = vi.fn(async () => void events.push('activated'));
    let title = 'Mitochondrie (brouillon)';
    flow.keepThroughUpdate('concept-form-7', () => title);
    flow.keepThroughUpdate('offline-block-2026-11-26', () => undefined);
    let saved!: () => void;
    flow.holdUpdateReload(() => new Promise<void>((resolve) => (saved = () => (events.push('saved'), resolve()))));
    const phases: string[] = [];
    flow.onUpdatePhase(() => phases.push(flow.updatePhase()));

    expect(flow.updatePhase()).toBe('none');
    flow.announceUpdate(activate);
    expect(flow.updatePhase()).toBe('waiting');
    const reload = flow.reloadIntoUpdate({ storage, waitMs: 60_000 });
    const again = flow.reloadIntoUpdate({ storage, waitMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The draft is written at once; the new build waits for the save under way.
    expect(flow.updatePhase()).toBe('saving');
    title = 'typed after the click';
    expect(activate).not.toHaveBeenCalled();
    saved();
    await Promise.all([reload, again]);
    expect(events).toEqual(['saved', 'activated']);
    expect(activate).toHaveBeenCalledTimes(1);
    expect(phases).toEqual(['waiting', 'saving']);
    // Nothing typed in the block composer: nothing kept for it.
    expect([...storage.items.keys()]).toEqual([`${flow.KEPT_PREFIX}concept-form-7`]);

    // After the reload, the form takes its draft back, once.
    expect(flow.takeKeptThroughUpdate('concept-form-7', storage)).toBe('Mitochondrie (brouillon)');
    expect(flow.takeKeptThroughUpdate('concept-form-7', storage)).toBeUndefined();
  });

  it('does not wait forever for a save that never ends, and a released hold is not waited for', async () => {
    const storage = memoryStorage();
    const activate = vi.fn(async () => undefined);
    flow.holdUpdateReload(() => new Promise(() => undefined));
    const release = flow.holdUpdateReload(() => new Promise(() => undefined));
    release();
    flow.keepThroughUpdate('concept-form-new', () => ({ title: 'Ribosome' }));
    flow.announceUpdate(activate);
    await flow.reloadIntoUpdate({ storage, waitMs: 20 });
    expect(activate).toHaveBeenCalledTimes(1);
    expect(flow.takeKeptThroughUpdate('concept-form-new', storage)).toEqual({ title: 'Ribosome' });
  });

  it('does nothing before a new build is announced', async () => {
    const storage = memoryStorage();
    flow.keepThroughUpdate('concept-form-new', () => ({ title: 'Ribosome' }));
    await flow.reloadIntoUpdate({ storage });
    expect(flow.updatePhase()).toBe('none');
    expect(storage.items.size).toBe(0);
  });
});

describe('a kept draft', () => {
  it('is not given back when stale or unreadable, and a logout forgets every one', async () => {
    const storage = memoryStorage();
    flow.keepThroughUpdate('concept-form-3', () => ({ title: 'Old' }));
    flow.keepThroughUpdate('concept-form-4', () => ({ title: 'Kept' }));
    await flow.prepareForUpdateReload({ storage, waitMs: 0, now: 1_000 });
    expect(flow.takeKeptThroughUpdate('concept-form-3', storage, 1_000 + flow.KEPT_FOR_MS + 1)).toBeUndefined();
    storage.setItem(`${flow.KEPT_PREFIX}concept-form-5`, '{not json');
    expect(flow.takeKeptThroughUpdate('concept-form-5', storage)).toBeUndefined();
    storage.setItem('astrolabe.access_token', 'tok');
    flow.forgetKeptThroughUpdate(storage);
    expect([...storage.items.keys()]).toEqual(['astrolabe.access_token']);
  });

  it('a keeper removed by its screen is not kept', async () => {
    const storage = memoryStorage();
    const off = flow.keepThroughUpdate('concept-form-9', () => ({ title: 'Gone' }));
    off();
    await flow.prepareForUpdateReload({ storage, waitMs: 0 });
    expect(storage.items.size).toBe(0);
  });
});
