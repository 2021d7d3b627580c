import { describe, expect, it } from 'vitest';
import { call, env, PASSWORD, signUp } from './helpers';

describe('delete my account', () => {
  it('refuses a wrong password and keeps everything', async () => {
    const ada = await signUp('gone');
    await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Reste' } });
    const res = await call('DELETE', '/api/users/me', { token: ada.token, json: { password: 'wrong-password' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Incorrect password');
    expect((await call('GET', '/api/users/me', { token: ada.token })).status).toBe(200);
    expect((await call('GET', '/api/concepts', { token: ada.token })).status).toBe(200);
  });

  it('removes the account and all its data with the right password, and nobody else’s', async () => {
    const ada = await signUp('gone');
    const bob = await signUp('stays');
    const gone = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Efface' } });
    await call('POST', '/api/concepts', { token: bob.token, json: { title: 'Garde' } });
    await call('POST', '/api/users/me/fcm-token', { token: ada.token, json: { endpoint: 'https://push.example/ada', keys: { p256dh: 'BPx', auth: 'aa' } } });
    const res = await call('DELETE', '/api/users/me', { token: ada.token, json: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect((await call('GET', '/api/users/me', { token: ada.token })).status).toBe(401);
    // A write with the old token, content or not, is refused as unauthenticated, not as a missing concept.
    const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Encore' }] }] };
    for (const json of [{ title: 'Efface', content, content_version: gone.body.content_version }, { title: 'Efface' }, { title: 'Efface', content }]) {
      expect((await call('PUT', `/api/concepts/${gone.body.id}`, { token: ada.token, json })).status).toBe(401);
    }
    // Not even whether a concept exists.
    expect((await call('PUT', '/api/concepts/999999999', { token: ada.token, json: { title: 'Efface', content, content_version: 1 } })).status).toBe(401);
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM users WHERE id = ?1) + (SELECT COUNT(*) FROM concepts WHERE user_id = ?1) + (SELECT COUNT(*) FROM push_tokens WHERE user_id = ?1) AS n`,
    )
      .bind(ada.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    const login = await call('POST', '/api/auth/login', { form: { username: ada.username, password: PASSWORD } });
    expect(login.status).not.toBe(200);
    const bobs = await call('GET', '/api/concepts', { token: bob.token });
    expect(JSON.stringify(bobs.body)).toContain('Garde');
  });

  it('refuses an answer with a deleted account’s token as unauthenticated, without telling whether the card exists', async () => {
    const ada = await signUp('gone');
    const concept = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Oubliée' } });
    const card = await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'R', tags: [] } });
    expect(card.status).toBe(201);
    expect((await call('DELETE', '/api/users/me', { token: ada.token, json: { password: PASSWORD } })).status).toBe(204);
    const answer = await call('POST', `/api/flashcards/${card.body.id}/review`, { token: ada.token, json: { rating: 3 } });
    expect(answer.status).toBe(401);
    const stranger = await call('POST', '/api/flashcards/999999999/review', { token: ada.token, json: { rating: 3 } });
    expect(stranger.status).toBe(401);
  });

  it('refuses a deleted account’s answer in a study session, and an answer it sends malformed, as unauthenticated', async () => {
    const ada = await signUp('gone');
    const concept = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Séance' } });
    const card = await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'R', tags: [] } });
    const session = await call('POST', '/api/study-sessions', { token: ada.token, json: { method_type: 'FLASHCARDS', concept_ids: [concept.body.id] } });
    expect(session.status).toBe(201);
    expect((await call('DELETE', '/api/users/me', { token: ada.token, json: { password: PASSWORD } })).status).toBe(204);
    const inSession = `/api/study-sessions/${session.body.id}/flashcards/${card.body.id}/review`;
    expect((await call('POST', inSession, { token: ada.token, json: { rating: 3 } })).status).toBe(401);
    // Refused before the answer reads anything: still not a validation error.
    expect((await call('POST', inSession, { token: ada.token, json: { rating: 9 } })).status).toBe(401);
    expect((await call('POST', `/api/flashcards/${card.body.id}/review`, { token: ada.token, json: { rating: 9 } })).status).toBe(401);
  });
});
