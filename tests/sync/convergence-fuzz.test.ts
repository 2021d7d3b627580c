/**
 * Convergence fuzz: five devices edit one concept at random — text inserts, deletes and
 * formatting, new paragraphs — while dropping off and coming back. At the end every
 * device and the state stored in D1 are identical, and every inserted word is there
 * exactly once. Each seed is a fresh concept; a failure names its seed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { createAccount, type Account } from '../support/client';
import { yDocToDoc } from '../../worker/src/domain/yjs-prosemirror';
import { createConcept, fragmentOf, paragraphs, roomOf, storedRoom } from './live-helpers';
import { connectClient, eventually, waitForSynced, type YClient } from './yjs-client';

const stack = inject('stack');
const SEEDS = Number(process.env.FUZZ_SEEDS ?? 50);
const PARALLEL = 5;
const DEVICES = 5;
const STEPS = 60;
const TOKEN = /<\d+\.\d+>/g;

let alice: Account;
beforeAll(async () => {
  alice = await createAccount(stack.url, 'fuzz');
});

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Character ranges of the text that belong to no inserted word (safe to cut or to insert into). */
function fillerRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  for (const m of text.matchAll(TOKEN)) {
    ranges.push([start, m.index!]);
    start = m.index! + m[0].length;
  }
  ranges.push([start, text.length]);
  return ranges;
}

/** A text's characters without formatting (XmlText.toString() would add markup). */
const plain = (text: Y.XmlText) => (text.toDelta() as { insert: string }[]).map((d) => d.insert).join('');
const plainDoc = (doc: Y.Doc) => texts(doc).map(plain).join('\n');

const texts = (doc: Y.Doc) => fragmentOf(doc).toArray().map((p) => (p as Y.XmlElement).get(0) as Y.XmlText | undefined).filter((t): t is Y.XmlText => !!t);

function randomEdit(client: YClient, rand: () => number, token: string) {
  const pick = <T,>(items: T[]) => items[Math.floor(rand() * items.length)]!;
  const doc = client.doc;
  const roll = rand();
  if (roll < 0.15 || texts(doc).length === 0) {
    const p = new Y.XmlElement('paragraph');
    p.insert(0, [new Y.XmlText(token)]);
    fragmentOf(doc).insert(Math.floor(rand() * (fragmentOf(doc).length + 1)), [p]);
    return;
  }
  const text = pick(texts(doc));
  const value = plain(text);
  const [from, to] = pick(fillerRanges(value));
  const at = from + Math.floor(rand() * (to - from + 1));
  if (roll < 0.55) text.insert(at, token);
  else if (roll < 0.7) text.insert(at, 'abc'.slice(0, 1 + Math.floor(rand() * 3)));
  else if (roll < 0.85) {
    if (to > from) {
      const start = from + Math.floor(rand() * (to - from));
      text.delete(start, Math.min(to - start, 1 + Math.floor(rand() * 2)));
    }
  } else {
    const start = Math.floor(rand() * value.length);
    const length = Math.floor(rand() * (value.length - start + 1));
    const mark = pick(['bold', 'italic', 'strike']);
    text.format(start, length, { [mark]: rand() < 0.7 ? {} : null });
  }
}

async function runSeed(seed: number) {
  const rand = rng(seed);
  const id = await createConcept(stack, alice, `Fuzz ${seed}`, paragraphs('départ'));
  const room = roomOf(alice, id);
  const clients = Array.from({ length: DEVICES }, () => connectClient(stack.partyHost, room, alice.token));
  const inserted: string[] = [];
  try {
    await Promise.all(clients.map((c) => waitForSynced(c)));
    for (let step = 0; step < STEPS; step++) {
      const i = Math.floor(rand() * DEVICES);
      const client = clients[i]!;
      const roll = rand();
      if (roll < 0.06 && client.provider.shouldConnect) client.provider.disconnect();
      else if (roll < 0.12 && !client.provider.shouldConnect) client.provider.connect();
      else {
        const token = `<${i}.${step}>`;
        randomEdit(client, rand, token);
        if (plainDoc(client.doc).includes(token)) inserted.push(token);
      }
      if (rand() < 0.3) await new Promise((r) => setTimeout(r, Math.floor(rand() * 15)));
    }
    for (const c of clients) if (!c.provider.shouldConnect) c.provider.connect();
    const snapshot = (c: YClient) => JSON.stringify(yDocToDoc(c.doc));
    await eventually(() => clients.every((c) => c.provider.synced && snapshot(c) === snapshot(clients[0]!)), 10_000);
    const final = snapshot(clients[0]!);
    const finalText = plainDoc(clients[0]!.doc);
    for (const token of inserted) expect(finalText.split(token).length - 1, `${token} present once`).toBe(1);
    await eventually(async () => JSON.stringify((await storedRoom(stack, alice, id)).doc) === final, 5000, 100);
  } catch (err) {
    throw new Error(`seed ${seed}: ${(err as Error).message}`);
  } finally {
    clients.forEach((c) => c.destroy());
  }
}

describe('convergence fuzz', () => {
  it(`converges on every device and in storage, losing no insert (${SEEDS} seeds)`, async () => {
    const seeds = Array.from({ length: SEEDS }, (_, i) => 1000 + i);
    for (let i = 0; i < seeds.length; i += PARALLEL) await Promise.all(seeds.slice(i, i + PARALLEL).map(runSeed));
  }, 110_000);
});
