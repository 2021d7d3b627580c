/**
 * REST content writes against a live room (losses 1 and 2): a write based on an
 * older read merges three ways into the live document or is refused with 409, the
 * editor's own JSON shape is compared block by block like the Yjs side's, and parallel
 * writes based on one read end with exactly one of them, whole.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { api, createAccount, type Account } from '../support/client';
import type { RichDoc, RichNode } from '../../worker/src/domain/richtext';
import { appendParagraph, createConcept, fragmentOf, paragraphs, readConcept, roomOf, textOf } from './live-helpers';
import { connectClient, eventually, waitForSynced, type YClient } from './yjs-client';

const stack = inject('stack');
let alice: Account;

beforeAll(async () => {
  alice = await createAccount(stack.url, 'writer');
});

async function withClients(room: string, count: number, run: (clients: YClient[]) => Promise<void>) {
  const clients = Array.from({ length: count }, () => connectClient(stack.partyHost, room, alice.token));
  try {
    await Promise.all(clients.map((c) => waitForSynced(c)));
    await run(clients);
  } finally {
    clients.forEach((c) => c.destroy());
  }
}

/** Types `text` at `offset` of the `index`-th paragraph, as a device would. */
function typeInto(doc: Y.Doc, index: number, offset: number, text: string) {
  ((fragmentOf(doc).get(index) as Y.XmlElement).get(0) as Y.XmlText).insert(offset, text);
}

const put = (json: Record<string, unknown>, id: number) => api(stack.url, 'PUT', `/api/concepts/${id}`, { token: alice.token, json });

describe('a REST content write while the concept is edited live', () => {
  it('built on an older read (Alpha/Beta/Gamma), keeps both live edits and applies its own change', async () => {
    const id = await createConcept(stack, alice, 'Trois paragraphes', paragraphs('Alpha', 'Beta', 'Gamma'));
    await withClients(roomOf(alice, id), 2, async ([laptop, phone]) => {
      const read = await readConcept(stack, alice, id);
      // Live: a word into Gamma on one device, a new paragraph on the other.
      typeInto(laptop!.doc, 2, 5, ' radieux');
      appendParagraph(phone!.doc, 'Delta');
      await eventually(async () => (await readConcept(stack, alice, id)).content_text === 'Alpha\nBeta\nGamma radieux\nDelta', 5000, 50);
      // The earlier read, with only Beta changed.
      const changed = { ...read.content!, content: read.content!.content.map((b, i) => (i === 1 ? paragraphs('Beta modifié').content[0]! : b)) };
      const res = await put({ title: 'Trois paragraphes', content: changed, content_version: read.content_version }, id);
      expect(res.status).toBe(200);
      const expected = 'Alpha\nBeta modifié\nGamma radieux\nDelta';
      expect(res.body.content_text).toBe(expected);
      await eventually(() => textOf(laptop!.doc) === expected && textOf(phone!.doc) === expected);
      expect((await readConcept(stack, alice, id)).content_text).toBe(expected);
    });
  });

  it('changing a block that was also changed live, is refused with 409 and the current content; no device loses a word', async () => {
    const id = await createConcept(stack, alice, 'Conflit', paragraphs('Alpha', 'Beta'));
    await withClients(roomOf(alice, id), 1, async ([laptop]) => {
      const read = await readConcept(stack, alice, id);
      typeInto(laptop!.doc, 1, 4, ' en direct');
      const res = await put({ title: 'Conflit', content: paragraphs('Alpha', 'Beta du formulaire'), content_version: read.content_version }, id);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('content_conflict');
      expect(JSON.stringify(res.body.content)).toContain('Beta en direct');
      expect(res.body.content_version).toBeGreaterThan(read.content_version);
      expect(textOf(laptop!.doc)).toBe('Alpha\nBeta en direct');
      expect((await readConcept(stack, alice, id)).content_text).toBe('Alpha\nBeta en direct');
    });
  });
});

describe("the editor's own JSON shape", () => {
  // What Tiptap's getJSON() sends: every attr (null ones too), marks without attrs.
  const editorParagraph = (text: string, bold?: string): RichNode => ({
    type: 'paragraph',
    attrs: { textAlign: null },
    content: [{ type: 'text', text }, ...(bold ? [{ type: 'text', text: bold, marks: [{ type: 'bold' }] }] : [])],
  });
  const editorDoc = (...blocks: RichNode[]): RichDoc => ({ type: 'doc', content: blocks });

  it("replaces only the block it changed, so a phone's offline edit in another block survives its reconnection", async () => {
    const id = await createConcept(stack, alice, 'Forme Tiptap', editorDoc(editorParagraph('Premier '), editorParagraph('Deuxième ', 'gras'), editorParagraph('Troisième')));
    await withClients(roomOf(alice, id), 2, async ([laptop, phone]) => {
      const read = await readConcept(stack, alice, id);
      phone!.provider.disconnect();
      typeInto(phone!.doc, 2, 0, 'hors ligne ');
      const res = await put(
        { title: 'Forme Tiptap', content: editorDoc(editorParagraph('Premier modifié'), editorParagraph('Deuxième ', 'gras'), editorParagraph('Troisième')), content_version: read.content_version },
        id,
      );
      expect(res.status).toBe(200);
      phone!.provider.connect();
      const expected = 'Premier modifié\nDeuxième gras\nhors ligne Troisième';
      await eventually(() => textOf(phone!.doc) === expected && textOf(laptop!.doc) === expected);
      await eventually(async () => (await readConcept(stack, alice, id)).content_text === expected, 5000, 100);
      // The untouched bold run is still bold (the block was kept, not rewritten).
      expect(JSON.stringify(fragmentOf(laptop!.doc).get(1).toJSON())).toContain('<bold>gras</bold>');
    });
  });
});

describe('parallel writes while the room is open', () => {
  it('20 PUTs based on the same read: exactly one wins with its title, tags and content together, the others 409', async () => {
    const id = await createConcept(stack, alice, 'Course en direct', paragraphs('Départ'));
    await withClients(roomOf(alice, id), 1, async ([device]) => {
      const read = await readConcept(stack, alice, id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => put({ title: `Écriture ${i}`, content: paragraphs(`Contenu ${i}`), tag_names: [`tag${i}`], content_version: read.content_version }, id)),
      );
      const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
      const i = won[0]!;
      const final = await readConcept(stack, alice, id);
      expect(final).toMatchObject({ title: `Écriture ${i}`, content_text: `Contenu ${i}`, tags: [{ name: `tag${i}` }] });
      await eventually(() => textOf(device!.doc) === `Contenu ${i}`);
    });
  });
});
