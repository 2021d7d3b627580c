/**
 * The concept room's document against the running party server and Worker: seeded once
 * on the server, relayed between devices, stored in D1 (state, JSON, text, links, search)
 * within seconds, merged after offline edits, and a REST write landing inside it.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { api, createAccount, type Account } from '../support/client';
import { appendParagraph, createConcept, fragmentOf, paragraphs, readConcept, roomOf, storedRoom, textOf } from './live-helpers';
import { connectClient, eventually, upgradeStatus, waitForSynced, type YClient } from './yjs-client';

const stack = inject('stack');
let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await createAccount(stack.url, 'alice');
  bob = await createAccount(stack.url, 'bob');
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

describe('the live document of a concept', () => {
  it('is seeded once on the server from the stored content, whoever connects first', async () => {
    const id = await createConcept(stack, alice, 'Graine', paragraphs('Premier paragraphe', 'Second'));
    // Three devices open the concept at the same moment: the text must appear once.
    await withClients(roomOf(alice, id), 3, async (clients) => {
      for (const c of clients) expect(textOf(c.doc)).toBe('Premier paragraphe\nSecond');
    });
    await withClients(roomOf(alice, id), 1, async ([again]) => {
      expect(textOf(again!.doc)).toBe('Premier paragraphe\nSecond');
    });
    expect(textOf((await storedRoom(stack, alice, id)).ydoc)).toBe('Premier paragraphe\nSecond');
  });

  it("refuses a concept that is not the user's, and a room for a concept that does not exist", async () => {
    const bobs = await createConcept(stack, bob, 'À Bob');
    expect(await upgradeStatus(stack.partyHost, `u${alice.id}-c${bobs}`, `?token=${alice.token}`)).toBe(404);
    expect(await upgradeStatus(stack.partyHost, `u${alice.id}-c999999`, `?token=${alice.token}`)).toBe(404);
  });

  it('relays edits between two devices and stores text, search and backlinks within 3 s of the last keystroke', async () => {
    const target = await createConcept(stack, alice, 'Photosynthèse');
    const id = await createConcept(stack, alice, 'Chlorophylle', paragraphs('Pigment vert'));
    await withClients(roomOf(alice, id), 2, async ([laptop, phone]) => {
      appendParagraph(laptop!.doc, 'Voir [[Photosynthèse]] et le mot zygomorphe');
      await eventually(() => textOf(phone!.doc).includes('zygomorphe'));
      const typedAt = Date.now();
      await eventually(async () => {
        const concept = await api(stack.url, 'GET', `/api/concepts/${id}`, { token: alice.token });
        return concept.body.content_text.includes('zygomorphe');
      }, 3000, 50);
      const found = await api(stack.url, 'GET', '/api/concepts?content_search=zygomorphe', { token: alice.token });
      expect(found.body.concepts.map((c: { id: number }) => c.id)).toEqual([id]);
      const linked = await api(stack.url, 'GET', `/api/concepts/${target}`, { token: alice.token });
      expect(linked.body.backlinks).toEqual([{ id, title: 'Chlorophylle' }]);
      expect(Date.now() - typedAt).toBeLessThan(3000);
    });
  });

  it('tells the devices which state is stored, so they know when nothing is left unsaved', async () => {
    const id = await createConcept(stack, alice, 'Sauvé');
    await withClients(roomOf(alice, id), 1, async ([laptop]) => {
      const stored: Map<number, number>[] = [];
      laptop!.provider.ws!.addEventListener('message', (e: MessageEvent) => {
        if (typeof e.data !== 'string') return;
        const message = JSON.parse(e.data) as { type: string; state_vector: string };
        if (message.type === 'saved') stored.push(Y.decodeStateVector(Buffer.from(message.state_vector, 'base64')));
      });
      appendParagraph(laptop!.doc, 'à enregistrer');
      const ownClock = Y.decodeStateVector(Y.encodeStateVector(laptop!.doc)).get(laptop!.doc.clientID);
      await eventually(() => stored.some((v) => v.get(laptop!.doc.clientID) === ownClock), 3000);
      expect(textOf((await storedRoom(stack, alice, id)).ydoc)).toBe('à enregistrer');
    });
  });

  it('merges offline edits: both texts present exactly once, also after the offline device reloads from its saved copy', async () => {
    const id = await createConcept(stack, alice, 'Hors ligne', paragraphs('Base'));
    await withClients(roomOf(alice, id), 2, async ([a, b]) => {
      a!.provider.disconnect();
      appendParagraph(a!.doc, 'écrit dans le train');
      appendParagraph(b!.doc, 'écrit au bureau');
      // "Reload": the offline copy (as y-indexeddb keeps it) is restored into a fresh document.
      const saved = Y.encodeStateAsUpdate(a!.doc);
      a!.destroy();
      const reloaded = connectClient(stack.partyHost, roomOf(alice, id), alice.token);
      Y.applyUpdate(reloaded.doc, saved);
      try {
        await waitForSynced(reloaded);
        const expected = (t: string) => ['Base', 'écrit dans le train', 'écrit au bureau'].every((line) => t.split('\n').filter((l) => l === line).length === 1);
        await eventually(() => expected(textOf(reloaded.doc)) && textOf(reloaded.doc) === textOf(b!.doc));
        expect(textOf(b!.doc).split('\n')).toHaveLength(3);
        await eventually(async () => expected(textOf((await storedRoom(stack, alice, id)).ydoc)), 3000, 100);
      } finally {
        reloaded.destroy();
      }
    });
  });

  it('merges an edit made offline without a reload when the device reconnects', async () => {
    const id = await createConcept(stack, alice, 'Reconnexion', paragraphs('Base'));
    await withClients(roomOf(alice, id), 2, async ([a, b]) => {
      a!.provider.disconnect();
      appendParagraph(a!.doc, 'A hors ligne');
      appendParagraph(b!.doc, 'B en ligne');
      a!.provider.connect();
      await eventually(() => textOf(a!.doc) === textOf(b!.doc) && textOf(b!.doc).includes('A hors ligne') && textOf(a!.doc).includes('B en ligne'));
      expect(textOf(a!.doc).split('\n').sort()).toEqual(['A hors ligne', 'B en ligne', 'Base']);
    });
  });

  it('applies a REST write of the content into the live document, keeping the live edits of other paragraphs', async () => {
    const id = await createConcept(stack, alice, 'Formulaire', paragraphs('Titre initial', 'Corps'));
    await withClients(roomOf(alice, id), 2, async ([laptop, phone]) => {
      appendParagraph(phone!.doc, 'ajout du téléphone');
      await eventually(() => textOf(laptop!.doc).includes('ajout du téléphone'));
      await eventually(async () => (await readConcept(stack, alice, id)).content_text.includes('ajout du téléphone'), 3000, 50);
      const { content_version } = await readConcept(stack, alice, id);
      const put = await api(stack.url, 'PUT', `/api/concepts/${id}`, {
        token: alice.token,
        json: { title: 'Formulaire', content: paragraphs('Titre modifié', 'Corps', 'ajout du téléphone'), content_version },
      });
      expect(put.status).toBe(200);
      const expected = 'Titre modifié\nCorps\najout du téléphone';
      await eventually(() => textOf(laptop!.doc) === expected && textOf(phone!.doc) === expected);
      // The next save of the room keeps it (the REST write is not overwritten).
      appendParagraph(laptop!.doc, 'après');
      await eventually(async () => (await api(stack.url, 'GET', `/api/concepts/${id}`, { token: alice.token })).body.content_text === `${expected}\naprès`, 3000, 100);
    });
  });

  it('applies a REST write to the stored state when no device is connected, so the next room shows it once', async () => {
    const id = await createConcept(stack, alice, 'Sans salle', paragraphs('Ancien'));
    await withClients(roomOf(alice, id), 1, async ([c]) => {
      appendParagraph(c!.doc, 'en direct');
      await eventually(async () => textOf((await storedRoom(stack, alice, id)).ydoc).includes('en direct'), 3000, 100);
    });
    const { content_version } = await readConcept(stack, alice, id);
    const put = await api(stack.url, 'PUT', `/api/concepts/${id}`, { token: alice.token, json: { title: 'Sans salle', content: paragraphs('Nouveau'), content_version } });
    expect(put.status).toBe(200);
    await withClients(roomOf(alice, id), 1, async ([c]) => {
      expect(textOf(c!.doc)).toBe('Nouveau');
      expect(fragmentOf(c!.doc).length).toBe(1);
    });
  });
});

describe('the internal API', () => {
  it('refuses callers without the internal secret', async () => {
    const id = await createConcept(stack, alice, 'Secret');
    expect((await fetch(`${stack.url}/internal/rooms/${alice.id}/${id}`)).status).toBe(403);
    expect((await fetch(`${stack.url}/internal/rooms/${alice.id}/${id}`, { headers: { 'x-internal-secret': 'wrong' } })).status).toBe(403);
    expect((await fetch(`${stack.url}/internal/rooms/${bob.id}/${id}`, { headers: { 'x-internal-secret': stack.internalSecret } })).status).toBe(404);
  });
});

describe('a concept deleted while open', () => {
  it('closes at once a device that sits idle on it, and refuses new ones', async () => {
    const id = await createConcept(stack, alice, 'Éphémère', paragraphs('bientôt supprimé'));
    await withClients(roomOf(alice, id), 1, async ([device]) => {
      const closed = new Promise<number>((resolve) => device!.provider.ws!.addEventListener('close', (e: CloseEvent) => resolve(e.code)));
      expect((await api(stack.url, 'DELETE', `/api/concepts/${id}`, { token: alice.token })).status).toBe(204);
      // The device never types again: the room must close it by itself.
      expect(await closed).toBe(4404);
      expect(await upgradeStatus(stack.partyHost, roomOf(alice, id), `?token=${alice.token}`)).toBe(404);
    });
  });
});
