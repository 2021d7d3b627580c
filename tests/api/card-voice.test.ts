/** A card's voice: each side's speech language on the card, and sounds uploaded for it. */
import { describe, expect, it } from 'vitest';
import { SELF } from 'cloudflare:test';
import { BASE, call, env, signUp } from './helpers';
import { insertConcept } from './study-fixtures';
import { exportJson, importForm, importJson } from './data-fixtures';
import { exportApkg, openPackage, rows } from './apkg-package';
import { silentWav as wav } from '../support/wav';

const MB = 1024 * 1024;

function form(bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new File([bytes], name, { type }));
  return data;
}

const filesOf = async (userId: number) => (await env.DB.prepare('SELECT COUNT(*) AS n FROM files WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n;

describe('speech languages of a card', () => {
  it('keeps each side’s language, leaves it alone when an edit does not send it, and clears it with null', async () => {
    const user = await signUp('voice');
    const conceptId = await insertConcept(user, 'Vocabulaire');
    const created = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'dog', answer: 'chien', question_lang: 'en-GB', answer_lang: 'fr-FR' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ question_lang: 'en-GB', answer_lang: 'fr-FR' });
    const id = created.body.id;

    const kept = await call('PUT', `/api/flashcards/${id}`, { token: user.token, json: { question: 'the dog', answer: 'le chien' } });
    expect(kept.body).toMatchObject({ question: 'the dog', question_lang: 'en-GB', answer_lang: 'fr-FR' });
    const cleared = await call('PUT', `/api/flashcards/${id}`, { token: user.token, json: { question: 'the dog', answer: 'le chien', question_lang: null } });
    expect(cleared.body).toMatchObject({ question_lang: null, answer_lang: 'fr-FR' });
    expect((await call('GET', `/api/flashcards/${id}`, { token: user.token })).body).toMatchObject({ question_lang: null, answer_lang: 'fr-FR' });
  });

  it('refuses an unknown language with a French 422 and changes nothing', async () => {
    const user = await signUp('voice');
    const conceptId = await insertConcept(user, 'Langues');
    const created = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'Hund', answer: 'chien', question_lang: 'de-DE' } });
    const bad = await call('PUT', `/api/flashcards/${created.body.id}`, { token: user.token, json: { question: 'Katze', answer: 'chat', question_lang: 'klingon' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain('Langue de lecture inconnue');
    expect((await call('GET', `/api/flashcards/${created.body.id}`, { token: user.token })).body).toMatchObject({ question: 'Hund', question_lang: 'de-DE' });
    const refusedNew = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'a', answer: 'b', answer_lang: 'fr' } });
    expect(refusedNew.status).toBe(422);
  });

  it('answers 404 for another person’s card and leaves its language alone', async () => {
    const [owner, other] = [await signUp('voice'), await signUp('voice')];
    const conceptId = await insertConcept(owner, 'Privé');
    const card = (await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: owner.token, json: { question: 'hola', answer: 'bonjour', question_lang: 'es-ES' } })).body;
    const res = await call('PUT', `/api/flashcards/${card.id}`, { token: other.token, json: { question: 'hola', answer: 'bonjour', question_lang: 'it-IT' } });
    expect(res.status).toBe(404);
    expect((await call('GET', `/api/flashcards/${card.id}`, { token: owner.token })).body.question_lang).toBe('es-ES');
  });

  it('goes into a JSON backup and comes back from it', async () => {
    const user = await signUp('voice');
    const conceptId = await insertConcept(user, 'Sauvegarde');
    await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'cat', answer: 'chat', question_lang: 'en-US' } });
    const backup = await exportJson(user);
    expect(backup.flashcards[0]).toMatchObject({ question_lang: 'en-US', answer_lang: null });
    const fresh = await signUp('voice');
    expect((await importJson(fresh, backup, false)).status).toBe(200);
    const [card] = (await call('GET', '/api/flashcards', { token: fresh.token })).body;
    expect(card).toMatchObject({ question: 'cat', question_lang: 'en-US', answer_lang: null });
  });
});

describe('sounds uploaded for a card', () => {
  it('stores a sound by its bytes and serves it inline with its type, to be played by an <audio>', async () => {
    const user = await signUp('sound');
    const sound = wav();
    const res = await call('POST', '/api/v1/audio/upload', { token: user.token, body: form(sound, 'chien.wav', 'application/octet-stream') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileName: 'chien.wav', mimeType: 'audio/wav', fileSize: sound.byteLength });
    const row = await env.DB.prepare('SELECT kind FROM files WHERE user_id = ?').bind(user.id).first<{ kind: string }>();
    expect(row!.kind).toBe('audio');
    const served = await SELF.fetch(`${BASE}${res.body.public_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sound);
  });

  it('refuses what is not a sound with a French 415, storing nothing', async () => {
    const user = await signUp('sound');
    const text = await call('POST', '/api/v1/audio/upload', { token: user.token, body: form('<script>alert(1)</script>', 'x.mp3', 'audio/mpeg') });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'unsupported_media_type', detail: expect.stringContaining('n’est pas un son lisible') });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await call('POST', '/api/v1/audio/upload', { token: user.token, body: form(png, 'x.ogg', 'audio/ogg') })).status).toBe(415);
    expect(await filesOf(user.id)).toBe(0);
  });

  it('refuses a sound over 15 MB with 413, and one sent without signing in with 401', async () => {
    const user = await signUp('sound');
    const big = new Uint8Array(15 * MB + 1);
    big.set(wav(16));
    const res = await call('POST', '/api/v1/audio/upload', { token: user.token, body: form(big, 'long.wav', 'audio/wav') });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
    expect((await call('POST', '/api/v1/audio/upload', { body: form(wav(), 'a.wav', 'audio/wav') })).status).toBe(401);
    expect(await filesOf(user.id)).toBe(0);
  });

  it('is found only under its owner: the same file asked under another person’s id is 404', async () => {
    const [owner, other] = [await signUp('sound'), await signUp('sound')];
    const res = await call('POST', '/api/v1/audio/upload', { token: owner.token, body: form(wav(), 'a.wav', 'audio/wav') });
    const uuid = res.body.public_url.split('/').pop();
    const elsewhere = await SELF.fetch(`${BASE}/api/v1/files/${other.id}/${uuid}`);
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { detail: string }).detail).toBe('Fichier introuvable.');
  });

  it('travels in the card’s text as a sound link, which the card keeps', async () => {
    const user = await signUp('sound');
    const conceptId = await insertConcept(user, 'Prononciation');
    const { public_url } = (await call('POST', '/api/v1/audio/upload', { token: user.token, body: form(wav(), 'chien.wav', 'audio/wav') })).body;
    const answer = `chien\n[🔊 chien](${public_url})`;
    const card = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'dog', answer } });
    expect(card.body.answer).toBe(answer);
  });

  it('goes to Anki as a [sound:…] with its file, and comes back from Anki as a sound of the card', async () => {
    const user = await signUp('sound');
    const conceptId = await insertConcept(user, 'Prononciation');
    const sound = wav();
    const { public_url } = (await call('POST', '/api/v1/audio/upload', { token: user.token, body: form(sound, 'chien.wav', 'audio/wav') })).body;
    await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'dog', answer: `chien\n[🔊 chien](${public_url})` } });

    const exported = await exportApkg(user);
    const bytes = new Uint8Array(await exported.clone().arrayBuffer());
    const { db, files, media } = await openPackage(exported);
    const [note] = rows(db, 'SELECT flds FROM notes');
    const [entry, name] = Object.entries(media)[0]!;
    expect(name).toBe(`chien-${public_url.split('/').pop().slice(0, 8)}.wav`);
    expect(note!.flds).toBe(`dog\x1fchien<br>[sound:${name}]`);
    expect(files[entry]).toEqual(sound);

    const other = await signUp('sound');
    const imported = await call('POST', '/api/export-import/import/apkg', { token: other.token, body: importForm(bytes, 'deck.apkg', 'application/octet-stream') });
    expect(imported.status).toBe(200);
    const [card] = (await call('GET', '/api/flashcards', { token: other.token })).body;
    const back = new RegExp(`^chien\\n\\[🔊 ${name}\\]\\((/api/v1/files/${other.id}/[0-9a-f-]{36})\\)$`).exec(card.answer);
    expect(back).not.toBeNull();
    const served = await SELF.fetch(`${BASE}${back![1]}`);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sound);
  });
});
