/**
 * Stopping the party server (SIGTERM) mid-session loses no edit a client saw relayed:
 * this file runs its own stack so it can stop and start the party server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { applyMigrations, freePort, startStack } from '../../scripts/lib/stack.mjs';
import { api, createAccount, type Account } from '../support/client';
import { appendParagraph, createConcept, paragraphs, roomOf, storedRoom, textOf, readConcept } from './live-helpers';
import { connectClient, eventually, waitForSynced } from './yjs-client';
import * as Y from 'yjs';
import { addNoteBlock, blocksOf, noteBlockUids } from '../../worker/src/domain/note-ydoc';
import { docToPlainText } from '../../worker/src/domain/richtext';
import { fragmentToDoc } from '../../worker/src/domain/yjs-prosemirror';

interface OwnStack {
  url: string;
  partyUrl: string;
  startParty(): Promise<void>;
  stopParty(): Promise<void>;
  stop(): Promise<void>;
}

let stack: OwnStack;
let info: { url: string; partyHost: string; internalSecret: string };
let persistTo: string;
let alice: Account;

beforeAll(async () => {
  persistTo = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-restart-'));
  applyMigrations({ persistTo, quiet: true });
  const secrets = { JWT_SECRET: randomBytes(32).toString('base64url'), INTERNAL_SECRET: randomBytes(32).toString('base64url') };
  stack = await startStack({ port: await freePort(), partyPort: await freePort(), persistTo, secrets, quiet: true });
  info = { url: stack.url, partyHost: new URL(stack.partyUrl).host, internalSecret: secrets.INTERNAL_SECRET };
  alice = await createAccount(stack.url, 'restart');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

/** Stopping and starting the party server takes tens of seconds on a busy machine (a fresh-clone run passed 60 s). */
const RESTART_TIMEOUT = 180_000;

describe('a room restart', () => {
  it('keeps every edit that another device had received before the party server stopped', async () => {
    const id = await createConcept(info, alice, 'Redémarrage', paragraphs('Avant'));
    const room = roomOf(alice, id);
    const writer = connectClient(info.partyHost, room, alice.token);
    const watcher = connectClient(info.partyHost, room, alice.token);
    try {
      await Promise.all([waitForSynced(writer), waitForSynced(watcher)]);
      // A burst of edits; the last ones are acknowledged (relayed) just before the stop,
      // well inside the room's save debounce.
      // One update larger than a storage value (128 KiB) is split in chunks by the log.
      appendParagraph(writer.doc, `collé ${'x'.repeat(150_000)}`);
      for (let i = 0; i < 20; i++) appendParagraph(writer.doc, `ligne ${i}`);
      await eventually(() => textOf(watcher.doc).includes('ligne 19'), 5000, 1);
      const acknowledged = textOf(watcher.doc);
      await stack.stopParty();
      writer.destroy();
      watcher.destroy();
      await stack.startParty();

      const reopened = connectClient(info.partyHost, room, alice.token);
      try {
        await waitForSynced(reopened, 20_000);
        expect(textOf(reopened.doc)).toBe(acknowledged);
        // ...and D1 catches up with the log once the room runs again.
        appendParagraph(reopened.doc, 'après');
        await eventually(async () => textOf((await storedRoom(info, alice, id)).ydoc) === `${acknowledged}\naprès`, 5000, 100);
      } finally {
        reopened.destroy();
      }
    } finally {
      writer.destroy();
      watcher.destroy();
    }
  }, RESTART_TIMEOUT);

  it('a REST write made while the party server is down reaches the stored state, and the next room shows it once', async () => {
    const id = await createConcept(info, alice, 'Pendant la panne', paragraphs('Ancien texte'));
    const room = roomOf(alice, id);
    const device = connectClient(info.partyHost, room, alice.token);
    await waitForSynced(device);
    appendParagraph(device.doc, 'écrit en direct');
    await eventually(async () => textOf((await storedRoom(info, alice, id)).ydoc).includes('écrit en direct'), 5000, 100);
    device.destroy();
    const { content_version } = await readConcept(info, alice, id);
    await stack.stopParty();
    try {
      const put = await api(info.url, 'PUT', `/api/concepts/${id}`, { token: alice.token, json: { title: 'Pendant la panne', content: paragraphs('Texte du formulaire'), content_version } });
      expect(put.status).toBe(200);
    } finally {
      await stack.startParty();
    }
    const reopened = connectClient(info.partyHost, room, alice.token);
    try {
      await waitForSynced(reopened, 20_000);
      expect(textOf(reopened.doc)).toBe('Texte du formulaire');
    } finally {
      reopened.destroy();
    }
  }, RESTART_TIMEOUT);

  it("keeps a daily note's relayed edits and added blocks across a party restart, built once from its rows", async () => {
    const date = '2026-04-01';
    const created = await api(info.url, 'POST', '/api/notes', { token: alice.token, json: { date } });
    const noteId = created.body.id as number;
    await api(info.url, 'POST', `/api/notes/${noteId}/blocks`, { token: alice.token, json: { note_id: noteId, text: JSON.stringify(paragraphs('Journal')), order_idx: 0 } });
    const room = `u${alice.id}-n${noteId}`;
    const writer = connectClient(info.partyHost, room, alice.token, 'notes');
    const watcher = connectClient(info.partyHost, room, alice.token, 'notes');
    const seen = () => noteBlockUids(watcher.doc).map((u) => docToPlainText(fragmentToDoc(blocksOf(watcher.doc).get(u)!)));
    let acknowledged: string[];
    try {
      await Promise.all([waitForSynced(writer), waitForSynced(watcher)]);
      const [first] = noteBlockUids(writer.doc);
      const text = (blocksOf(writer.doc).get(first!)!.get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.insert(text.length, ' du matin');
      addNoteBlock(writer.doc, crypto.randomUUID().replace(/-/g, ''), paragraphs('Ajouté juste avant'));
      await eventually(() => seen().length === 2 && seen()[0] === 'Journal du matin', 5000, 1);
      acknowledged = seen();
      await stack.stopParty();
    } finally {
      writer.destroy();
      watcher.destroy();
    }
    await stack.startParty();
    const reopened = connectClient(info.partyHost, room, alice.token, 'notes');
    try {
      await waitForSynced(reopened, 20_000);
      const texts = () => noteBlockUids(reopened.doc).map((u) => docToPlainText(fragmentToDoc(blocksOf(reopened.doc).get(u)!)));
      expect(texts()).toEqual(acknowledged);
      // The rows catch up once the room runs again, each block once.
      await eventually(async () => {
        const res = await api(info.url, 'GET', `/api/notes?note_date=${date}`, { token: alice.token });
        return JSON.stringify((res.body.blocks as { text: string }[]).map((b) => docToPlainText(JSON.parse(b.text)))) === JSON.stringify(acknowledged);
      }, 5000, 100);
    } finally {
      reopened.destroy();
    }
  }, RESTART_TIMEOUT);
});
