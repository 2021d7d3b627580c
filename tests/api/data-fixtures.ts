/**
 * A person with something of everything a backup holds, written through the real API
 * where the API exists (concepts, constellations, flashcards, answers, study sessions,
 * uploads) and straight into D1 for what has no API yet in this branch (daily notes,
 * preferences, time zone).
 */
import { call, env, type TestUser } from './helpers';
import { at } from './study-fixtures';

const DAY = 86_400_000;
export const T0 = Date.parse('2026-03-02T09:00:00Z');

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

async function ok(res: Promise<{ status: number; body: any }>, expected: number) {
  const r = await res;
  if (r.status !== expected) throw new Error(`fixture call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A block holding `[[title]]` as typing it stores it: the title under a link to its concept. */
export const linkedBlockText = (id: number, title: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title, marks: [{ type: 'conceptLink', attrs: { href: `/concepts/${id}`, title } }] }] }] });

export async function fillAccount(user: TestUser, prefix = 'Data') {
  const token = user.token;
  const root = await ok(call('POST', '/api/concepts', { token, json: { title: `${prefix} racine`, content: doc('La racine'), tag_names: ['Été', 'base'], category: 'Physique', notes: 'Une note' } }), 201);
  const child = await ok(
    call('POST', '/api/concepts', { token, json: { title: `${prefix} enfant`, content: doc(`Voir [[${prefix} racine]]`), tag_names: ['base'], parent_ids: [root.id], source: 'WEB', source_url: 'https://example.com/a' } }),
    201,
  );
  const constellation = await ok(call('POST', '/api/constellations', { token, json: { name: `${prefix} ciel`, description: 'Étoiles', color: '#112233' } }), 201);
  await ok(call('POST', `/api/constellations/${constellation.id}/concepts`, { token, json: { concept_ids: [root.id, child.id] } }), 200);
  const cards = [];
  for (const [i, conceptId] of [root.id, root.id, child.id].entries()) {
    cards.push(await ok(call('POST', `/api/concepts/${conceptId}/flashcards`, { token, json: { question: `Q${i} ${prefix}`, answer: `A${i}`, tags: ['t1'] }, headers: at(T0) }), 201));
  }
  for (const [day, rating] of [[0, 3], [1, 1], [3, 3], [9, 4]] as const) {
    await ok(call('POST', `/api/flashcards/${cards[0].id}/review`, { token, json: { rating, duration_ms: 4000 }, headers: at(T0 + day * DAY) }), 200);
  }
  await ok(call('POST', `/api/flashcards/${cards[1].id}/review`, { token, json: { rating: 2 }, headers: at(T0 + DAY) }), 200);
  const session = await ok(call('POST', '/api/study-sessions', { token, json: { method_type: 'FLASHCARDS', concept_ids: [child.id] }, headers: at(T0 + 2 * DAY) }), 201);
  await ok(call('POST', `/api/study-sessions/${session.id}/flashcards/${cards[2].id}/review`, { token, json: { rating: 3 }, headers: at(T0 + 2 * DAY) }), 200);
  const form = new FormData();
  form.append('file', new File([PNG], 'pixel.png', { type: 'image/png' }));
  await ok(call('POST', '/api/v1/media/upload', { token, body: form }), 201);
  const note = await env.DB.prepare('INSERT INTO daily_notes (user_id, date, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(user.id, '2026-03-03', 'Mardi', T0, T0)
    .first<{ id: number }>();
  const block = await env.DB.prepare('INSERT INTO note_blocks (user_id, note_id, text, plain_text, order_idx, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id')
    .bind(user.id, note!.id, linkedBlockText(root.id, `${prefix} racine`), `${prefix} racine`, T0, T0)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO block_mentions (user_id, block_id, concept_id) VALUES (?, ?, ?)').bind(user.id, block!.id, root.id),
    env.DB.prepare('INSERT INTO user_preferences (user_id, data, updated_at) VALUES (?, ?, ?)').bind(user.id, JSON.stringify({ theme: 'dark', session_duration_limit: 45 }), T0),
    env.DB.prepare("UPDATE users SET time_zone = 'Europe/Paris' WHERE id = ?").bind(user.id),
  ]);
  return { root, child, constellation, cards, session };
}

/** The parsed JSON backup of a person. */
export async function exportJson(user: TestUser) {
  const res = await call('GET', '/api/export-import/export/json', { token: user.token });
  if (res.status !== 200) throw new Error(`export failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}

/** A backup without what legitimately differs between two exports (time, file keys' owner prefix). */
export function comparable(backup: Record<string, any>) {
  const { exported_at: _t, files: _f, ...rest } = backup;
  return rest;
}

export function importForm(content: string | Uint8Array, name = 'backup.json', type = 'application/json') {
  const form = new FormData();
  form.append('file', new File([content], name, { type }));
  return form;
}

export async function importJson(user: TestUser, backup: unknown, merge: boolean, headers: Record<string, string> = {}) {
  return call('POST', `/api/export-import/import/json?merge=${merge}`, { token: user.token, body: importForm(JSON.stringify(backup)), headers });
}

/** The person's concepts by title, with their stored content, and what each concept link in a document points to. */
export async function storedConcepts(user: TestUser) {
  const rows = (await env.DB.prepare('SELECT id, title, content, content_text FROM concepts WHERE user_id = ?').bind(user.id).all<{ id: number; title: string; content: string | null; content_text: string }>()).results;
  return new Map(rows.map((r) => [r.title, r]));
}
type Marked = { text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[]; content?: Marked[] };
/** Each marked text of a document: its text, and the title it links to or the name it waits for. */
export function linksIn(json: string, titleOfId: Map<number, string>): string[] {
  const out: string[] = [];
  const visit = (node: Marked) => {
    for (const mark of node.marks ?? []) {
      if (mark.type === 'conceptLink') out.push(`${node.text} → ${titleOfId.get(Number(String(mark.attrs?.href).split('/').at(-1))) ?? String(mark.attrs?.href)}`);
      if (mark.type === 'pendingConceptLink') out.push(`${node.text} → (à créer: ${String(mark.attrs?.name)})`);
    }
    (node.content ?? []).forEach(visit);
  };
  visit(JSON.parse(json) as Marked);
  return out;
}

/** The person's daily-note blocks as stored, in order. */
export async function storedBlocks(user: TestUser) {
  return (await env.DB.prepare('SELECT uid, text, plain_text FROM note_blocks WHERE user_id = ? ORDER BY order_idx').bind(user.id).all<{ uid: string; text: string; plain_text: string }>()).results;
}
