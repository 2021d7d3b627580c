/**
 * A daily note open on two devices: one live room per note (party `notes`).
 * Typing, added, deleted and moved blocks converge on both devices and in D1's rows; a
 * device offline merges on reconnection; a REST write to a block (an import, promotion,
 * a client without the room) reaches the live devices and never overwrites live text.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { api, createAccount, type Account } from '../support/client';
import { addNoteBlock, blocksOf, moveNoteBlock, noteBlockUids, removeNoteBlock } from '../../worker/src/domain/note-ydoc';
import { docToPlainText } from '../../worker/src/domain/richtext';
import { fragmentToDoc } from '../../worker/src/domain/yjs-prosemirror';
import { paragraphs } from './live-helpers';
import { connectClient, eventually, waitForSynced, type YClient } from './yjs-client';

const stack = inject('stack');
let alice: Account;

beforeAll(async () => {
  alice = await createAccount(stack.url, 'notes');
});

const uid = () => crypto.randomUUID().replace(/-/g, '');
const roomOf = (noteId: number) => `u${alice.id}-n${noteId}`;

async function createNote(date: string, texts: string[] = []): Promise<number> {
  const res = await api(stack.url, 'POST', '/api/notes', { token: alice.token, json: { date } });
  expect([200, 201]).toContain(res.status);
  for (const [i, text] of texts.entries()) {
    const added = await api(stack.url, 'POST', `/api/notes/${res.body.id}/blocks`, { token: alice.token, json: { note_id: res.body.id, text: JSON.stringify(paragraphs(text)), order_idx: i } });
    expect(added.status).toBe(201);
  }
  return res.body.id as number;
}

/** The note's blocks as the REST page reads them: plain text in order. */
async function storedTexts(date: string): Promise<string[]> {
  const res = await api(stack.url, 'GET', `/api/notes?note_date=${date}`, { token: alice.token });
  return (res.body.blocks as { text: string }[]).map((b) => docToPlainText(JSON.parse(b.text)));
}

const liveTexts = (doc: Y.Doc) => noteBlockUids(doc).map((u) => docToPlainText(fragmentToDoc(blocksOf(doc).get(u)!)));

function typeAtEnd(doc: Y.Doc, blockUid: string, text: string) {
  const fragment = blocksOf(doc).get(blockUid)!;
  const paragraph = fragment.get(fragment.length - 1) as Y.XmlElement;
  const xmlText = paragraph.get(0) as Y.XmlText;
  xmlText.insert(xmlText.length, text);
}

async function withDevices(noteId: number, run: (a: YClient, b: YClient) => Promise<void>) {
  const a = connectClient(stack.partyHost, roomOf(noteId), alice.token, 'notes');
  const b = connectClient(stack.partyHost, roomOf(noteId), alice.token, 'notes');
  try {
    await Promise.all([waitForSynced(a), waitForSynced(b)]);
    await run(a, b);
  } finally {
    a.destroy();
    b.destroy();
  }
}

describe('a daily note open on two devices', () => {
  it('shows the stored blocks, converges on concurrent typing, and stores both in the rows', async () => {
    const date = '2026-03-01';
    const noteId = await createNote(date, ['Matin', 'Soir']);
    await withDevices(noteId, async (a, b) => {
      expect(liveTexts(a.doc)).toEqual(['Matin', 'Soir']);
      const [first, second] = noteBlockUids(a.doc);
      typeAtEnd(a.doc, first!, ' café');
      typeAtEnd(b.doc, second!, ' lecture');
      typeAtEnd(b.doc, first!, ' et pain');
      await eventually(() => JSON.stringify(liveTexts(a.doc)) === JSON.stringify(liveTexts(b.doc)) && liveTexts(a.doc)[1] === 'Soir lecture');
      expect(liveTexts(a.doc)[0]).toMatch(/^Matin( café et pain| et pain café)$/);
      await eventually(async () => JSON.stringify(await storedTexts(date)) === JSON.stringify(liveTexts(a.doc)), 5000, 100);
    });
  });

  it('adds, deletes and reorders blocks on one device and the other follows, rows included', async () => {
    const date = '2026-03-02';
    const noteId = await createNote(date, ['Un', 'Deux', 'Trois']);
    await withDevices(noteId, async (a, b) => {
      const [one, two, three] = noteBlockUids(a.doc);
      addNoteBlock(a.doc, uid(), paragraphs('Quatre'));
      removeNoteBlock(b.doc, two!);
      moveNoteBlock(a.doc, three!, 0);
      await eventually(() => JSON.stringify(liveTexts(b.doc)) === JSON.stringify(['Trois', 'Un', 'Quatre']) && JSON.stringify(liveTexts(a.doc)) === JSON.stringify(liveTexts(b.doc)));
      expect(noteBlockUids(b.doc)).toContain(one);
      await eventually(async () => JSON.stringify(await storedTexts(date)) === JSON.stringify(['Trois', 'Un', 'Quatre']), 5000, 100);
    });
    // A device opening the note afterwards sees the same blocks (from the stored state).
    await withDevices(noteId, async (c) => expect(liveTexts(c.doc)).toEqual(['Trois', 'Un', 'Quatre']));
  });

  it('merges what a device wrote offline when it reconnects', async () => {
    const date = '2026-03-03';
    const noteId = await createNote(date, ['Base']);
    await withDevices(noteId, async (a, b) => {
      const [block] = noteBlockUids(a.doc);
      b.provider.disconnect();
      typeAtEnd(b.doc, block!, ' hors ligne');
      addNoteBlock(b.doc, uid(), paragraphs('Écrit dans le train'));
      typeAtEnd(a.doc, block!, ' en ligne');
      await new Promise((r) => setTimeout(r, 300));
      b.provider.connect();
      await eventually(() => liveTexts(a.doc).length === 2 && JSON.stringify(liveTexts(a.doc)) === JSON.stringify(liveTexts(b.doc)));
      expect(liveTexts(a.doc)[0]).toContain('hors ligne');
      expect(liveTexts(a.doc)[0]).toContain('en ligne');
      expect(liveTexts(a.doc)[1]).toBe('Écrit dans le train');
      await eventually(async () => JSON.stringify(await storedTexts(date)) === JSON.stringify(liveTexts(a.doc)), 5000, 100);
    });
  });

  it('brings a REST write into the live note, and a write on an old version neither wins nor loses the live text', async () => {
    const date = '2026-03-04';
    const noteId = await createNote(date, ['Avant']);
    const read = await api(stack.url, 'GET', `/api/notes?note_date=${date}`, { token: alice.token });
    const stale = read.body.blocks[0] as { id: number; version: number };
    await withDevices(noteId, async (a, b) => {
      const [block] = noteBlockUids(a.doc);
      // An import adds a block: both devices show it.
      const form = new FormData();
      form.set('file', new File(['# Note\n\nImporté par fichier'], 'note.md'));
      form.set('note_date', date);
      const imported = await fetch(`${stack.url}/api/notes/import`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: form });
      expect(imported.status).toBe(201);
      await eventually(() => liveTexts(b.doc).some((t) => t.includes('Importé par fichier')));
      // Typed live and saved by the room; a REST write based on the first read is refused.
      typeAtEnd(a.doc, block!, ' tapé en direct');
      await eventually(async () => (await storedTexts(date))[0] === 'Avant tapé en direct', 5000, 100);
      const refused = await api(stack.url, 'PATCH', `/api/notes/blocks/${stale.id}`, { token: alice.token, json: { text: JSON.stringify(paragraphs('Écrasé')), version: stale.version } });
      expect(refused.status).toBe(409);
      expect(liveTexts(b.doc)[0]).toBe('Avant tapé en direct');
      // A REST write on the current version (nothing typed since) reaches both devices.
      const current = (await api(stack.url, 'GET', `/api/notes?note_date=${date}`, { token: alice.token })).body.blocks[0] as { id: number; version: number };
      const accepted = await api(stack.url, 'PATCH', `/api/notes/blocks/${current.id}`, { token: alice.token, json: { text: JSON.stringify(paragraphs('Réécrit par REST')), version: current.version } });
      expect(accepted.status).toBe(200);
      await eventually(() => liveTexts(a.doc)[0] === 'Réécrit par REST' && liveTexts(b.doc)[0] === 'Réécrit par REST');
    });
  });

  it('keeps both texts when a block is written by REST while unsaved live typing is in it', async () => {
    const date = '2026-03-05';
    const noteId = await createNote(date, ['Partagé']);
    await withDevices(noteId, async (a, b) => {
      const [block] = noteBlockUids(a.doc);
      const current = (await api(stack.url, 'GET', `/api/notes?note_date=${date}`, { token: alice.token })).body.blocks[0] as { id: number; version: number };
      // Typed live, and in the same instant a REST client rewrites the block from the version it read.
      typeAtEnd(a.doc, block!, ' et tapé');
      const res = await api(stack.url, 'PATCH', `/api/notes/blocks/${current.id}`, { token: alice.token, json: { text: JSON.stringify(paragraphs('Version REST')), version: current.version } });
      expect([200, 409]).toContain(res.status);
      await eventually(async () => {
        const live = liveTexts(b.doc);
        const stored = await storedTexts(date);
        return live.includes('Partagé et tapé') && (res.status === 409 || live.includes('Version REST')) && JSON.stringify(stored) === JSON.stringify(live);
      }, 5000, 100);
    });
  });

  it('repairs a block whose uid is not a block uid and keeps saving every edit of the note', async () => {
    const date = '2026-03-06';
    const noteId = await createNote(date, ['Premier']);
    await withDevices(noteId, async (a, b) => {
      const [first] = noteBlockUids(a.doc);
      // A device (a bug or a hostile client) adds a block named outside the uid form D1 keys rows by.
      addNoteBlock(a.doc, 'not-a-hex-uid', paragraphs('Bloc mal nommé'));
      await eventually(() => liveTexts(b.doc).includes('Bloc mal nommé'));
      // An ordinary edit afterwards still reaches the database, and so does the odd block's text.
      typeAtEnd(b.doc, first!, ' puis modifié');
      await eventually(async () => JSON.stringify(await storedTexts(date)) === JSON.stringify(['Premier puis modifié', 'Bloc mal nommé']), 8000, 100);
      // Both devices now hold that block under a proper uid, so later edits of it are saved too.
      await eventually(() => noteBlockUids(a.doc).every((u) => /^[0-9a-f]{32}$/.test(u)) && noteBlockUids(b.doc).every((u) => /^[0-9a-f]{32}$/.test(u)));
      typeAtEnd(a.doc, noteBlockUids(a.doc)[1]!, ' réparé');
      await eventually(async () => (await storedTexts(date))[1] === 'Bloc mal nommé réparé', 8000, 100);
    });
  });

  it("renames a new block whose uid is already another note's block, and keeps saving the note", async () => {
    await createNote('2026-03-07', ['Ailleurs']);
    const elsewhere = (await api(stack.url, 'GET', '/api/notes?note_date=2026-03-07', { token: alice.token })).body.blocks[0] as { uid: string };
    const date = '2026-03-08';
    const noteId = await createNote(date, ['Ici']);
    await withDevices(noteId, async (a, b) => {
      const [first] = noteBlockUids(a.doc);
      addNoteBlock(a.doc, elsewhere.uid, paragraphs('Copié d’une autre note'));
      typeAtEnd(b.doc, first!, ' et encore');
      await eventually(async () => JSON.stringify(await storedTexts(date)) === JSON.stringify(['Ici et encore', 'Copié d’une autre note']), 8000, 100);
      await eventually(() => !noteBlockUids(b.doc).includes(elsewhere.uid));
    });
    // The other note's block is untouched.
    expect(await storedTexts('2026-03-07')).toEqual(['Ailleurs']);
  });
});
