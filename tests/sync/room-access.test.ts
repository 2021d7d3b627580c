import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SignJWT } from 'jose';
import { createAccount, type Account } from '../support/client';
import { createConcept } from './live-helpers';
import { connectClient, eventually, upgradeStatus, waitForSynced } from './yjs-client';

const stack = inject('stack');
let alice: Account;
let bob: Account;
let room: string;

beforeAll(async () => {
  alice = await createAccount(stack.url, 'alice');
  bob = await createAccount(stack.url, 'bob');
  room = `u${alice.id}-c${await createConcept(stack, alice, 'Accès')}`;
});

describe('concept room access', () => {
  it("lets the owner's Yjs client connect and sync, and relays edits between two of their clients", async () => {
    const a = connectClient(stack.partyHost, room, alice.token);
    const b = connectClient(stack.partyHost, room, alice.token);
    try {
      await Promise.all([waitForSynced(a), waitForSynced(b)]);
      a.doc.getText('t').insert(0, 'bonjour');
      await eventually(() => b.doc.getText('t').toString() === 'bonjour');
    } finally {
      a.destroy();
      b.destroy();
    }
  });

  it('refuses a connection without a token', async () => {
    expect(await upgradeStatus(stack.partyHost, room, '')).toBe(401);
  });

  it('refuses a bad, expired or foreign-key token', async () => {
    expect(await upgradeStatus(stack.partyHost, room, '?token=garbage')).toBe(401);
    const key = new TextEncoder().encode(stack.jwtSecret);
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(alice.id)).setIssuer('astrolabe').setAudience('astrolabe-app').setIssuedAt(1000).setExpirationTime(2000).sign(key);
    expect(await upgradeStatus(stack.partyHost, room, `?token=${expired}`)).toBe(401);
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(alice.id)).setIssuer('astrolabe').setAudience('astrolabe-app').setExpirationTime('1h').sign(new TextEncoder().encode('not-the-secret-not-the-secret-00'));
    expect(await upgradeStatus(stack.partyHost, room, `?token=${foreign}`)).toBe(401);
  });

  it("refuses another user's token in someone else's room", async () => {
    expect(await upgradeStatus(stack.partyHost, room, `?token=${bob.token}`)).toBe(403);
  });

  it('refuses a browser origin that is not allowed', async () => {
    expect(await upgradeStatus(stack.partyHost, room, `?token=${alice.token}`, { origin: 'https://evil.example' })).toBe(403);
  });

  it('refuses a room name that binds no user and concept', async () => {
    expect(await upgradeStatus(stack.partyHost, 'lobby', `?token=${alice.token}`)).toBe(404);
  });
});

describe('daily note room access', () => {
  it("admits the note's owner, refuses another person's token and a note that is not theirs, and an unknown room name", async () => {
    const created = await fetch(`${stack.url}/api/notes`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ date: '2026-05-01' }) });
    const noteId = ((await created.json()) as { id: number }).id;
    const noteRoom = `u${alice.id}-n${noteId}`;
    expect(await upgradeStatus(stack.partyHost, noteRoom, `?token=${alice.token}`, {}, 'notes')).toBe(101);
    expect(await upgradeStatus(stack.partyHost, noteRoom, '', {}, 'notes')).toBe(401);
    expect(await upgradeStatus(stack.partyHost, noteRoom, `?token=${bob.token}`, {}, 'notes')).toBe(403);
    expect(await upgradeStatus(stack.partyHost, `u${bob.id}-n${noteId}`, `?token=${bob.token}`, {}, 'notes')).toBe(404);
    expect(await upgradeStatus(stack.partyHost, `u${alice.id}-c${noteId}`, `?token=${alice.token}`, {}, 'notes')).toBe(404);
  });
});
