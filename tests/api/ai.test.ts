import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/src/index';
import { generateFlashcards } from '../../worker/src/services/ai/generate-flashcards';
import { critiqueFeynman } from '../../worker/src/services/ai/feynman-critique';
import { ProviderError, type FlashcardProvider } from '../../worker/src/services/ai/provider';
import { BASE, call, env, signUp, type TestUser } from './helpers';
import { insertConcept } from './study-fixtures';

const content = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'Une enzyme est une protéine qui accélère une réaction chimique.' }] },
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Site actif' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'La région où le substrat se fixe.' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Catalyseur : substance qui accélère une réaction sans être consommée.' }] },
  ],
};

describe('POST /api/ai/generate-flashcards (offline generator, no provider configured)', () => {
  it('derives candidate cards from the concept’s own content, without saving them', async () => {
    const user = await signUp('ai');
    const conceptId = await insertConcept(user, 'Enzymes', 'Une enzyme est une protéine…', content);
    const res = await call('POST', '/api/ai/generate-flashcards', { token: user.token, json: { concept_id: conceptId, number_of_cards: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.error_message).toBeNull();
    expect(res.body.generated_flashcards).toEqual([
      { recto: 'Qu’est-ce qu’une enzyme ?', verso: 'Une protéine qui accélère une réaction chimique.' },
      { recto: 'Site actif : que faut-il retenir ?', verso: 'La région où le substrat se fixe.' },
      { recto: 'Que signifie « Catalyseur » ?', verso: 'substance qui accélère une réaction sans être consommée.' },
    ]);
    expect((await call('GET', `/api/concepts/${conceptId}/flashcards`, { token: user.token })).body).toEqual([]);
  });

  it('uses the selected text when given, and defaults to 5 cards at most', async () => {
    const user = await signUp('aisrc');
    const conceptId = await insertConcept(user, 'Enzymes', '', content);
    const res = await call('POST', '/api/ai/generate-flashcards', { token: user.token, json: { concept_id: conceptId, source_text: 'Le pH est une mesure de l’acidité.' } });
    expect(res.body.generated_flashcards).toEqual([{ recto: 'Qu’est-ce que le pH ?', verso: 'Une mesure de l’acidité.' }]);
  });

  it('refuses a card count outside 1–20 or a missing concept id with 422', async () => {
    const user = await signUp('aival');
    const conceptId = await insertConcept(user, 'X', 'x');
    for (const json of [{ concept_id: conceptId, number_of_cards: 0 }, { concept_id: conceptId, number_of_cards: 21 }, { concept_id: conceptId, number_of_cards: 2.5 }, { number_of_cards: 5 }]) {
      const res = await call('POST', '/api/ai/generate-flashcards', { token: user.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
  });

  it('answers 404 for another person’s concept', async () => {
    const owner = await signUp('aiowner');
    const other = await signUp('aiother');
    const conceptId = await insertConcept(owner, 'Secret', 'Le secret est bien gardé.');
    const res = await call('POST', '/api/ai/generate-flashcards', { token: other.token, json: { concept_id: conceptId } });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('gardé');
  });
});

describe('provider failures', () => {
  const failing = (error: Error): FlashcardProvider => ({ name: 'fake', generate: () => Promise.reject(error) });

  it('come back as an empty list with the provider’s message, never as a failure', async () => {
    const user = await signUp('aifail');
    const conceptId = await insertConcept(user, 'Panne', 'texte');
    const timeout = await generateFlashcards(env.DB, failing(new ProviderError('Le service d’IA n’a pas répondu à temps (10 s).')), { userId: user.id, conceptId, count: 5 });
    expect(timeout).toEqual({ generated_flashcards: [], error_message: 'Le service d’IA n’a pas répondu à temps (10 s).' });
    const bug = await generateFlashcards(env.DB, failing(new TypeError('x is undefined')), { userId: user.id, conceptId, count: 5 });
    expect(bug).toEqual({ generated_flashcards: [], error_message: 'La génération a échoué.' });
  });

  it('never hand back more cards than asked, even if the provider does', async () => {
    const user = await signUp('aimany');
    const conceptId = await insertConcept(user, 'Beaucoup', 'texte');
    const chatty: FlashcardProvider = { name: 'chatty', generate: async () => Array.from({ length: 9 }, (_, i) => ({ recto: `Q${i}`, verso: `R${i}` })) };
    const result = await generateFlashcards(env.DB, chatty, { userId: user.id, conceptId, count: 3 });
    expect(result.generated_flashcards).toHaveLength(3);
  });
});

describe('generation never repeats a card the concept already has', () => {
  it('leaves out candidates whose question an existing card already asks', async () => {
    const user = await signUp('aidup');
    const conceptId = await insertConcept(user, 'Enzyme', '', {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Une enzyme est une protéine qui accélère une réaction chimique.' }] }],
    });
    await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'Qu’est-ce qu’une enzyme ?', answer: 'Une protéine.' } });
    const res = await call('POST', '/api/ai/generate-flashcards', { token: user.token, json: { concept_id: conceptId, number_of_cards: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.generated_flashcards.map((c: { recto: string }) => c.recto)).not.toContain('Qu’est-ce qu’une enzyme ?');
  });
});

describe('POST /api/ai/feynman-critique', () => {
  it('says the critique needs a provider when none is configured, without an error', async () => {
    const user = await signUp('critique');
    const conceptId = await insertConcept(user, 'Enzymes', 'Une enzyme est une protéine.', content);
    const res = await call('POST', '/api/ai/feynman-critique', { token: user.token, json: { concept_id: conceptId, text: 'Une enzyme aide une réaction.' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, critique: null, error_message: null });
  });

  it('answers an unreachable provider with a readable message, never a failure', async () => {
    const user = await signUp('critiquedown');
    const conceptId = await insertConcept(user, 'Enzymes', 'Une enzyme est une protéine.', content);
    const answer = await critiqueFeynman(env.DB, { baseUrl: 'http://127.0.0.1:9', model: 'm', timeoutMs: 2000 }, { userId: user.id, conceptId, text: 'Une enzyme aide.' });
    expect(answer.available).toBe(true);
    expect(answer.critique).toBeNull();
    expect(answer.error_message).toMatch(/^Le service d’IA (est injoignable|n’a pas répondu à temps)/);
  });

  it('refuses an empty explanation in French and another person’s concept with 404', async () => {
    const owner = await signUp('critiqueowner');
    const other = await signUp('critiqueother');
    const conceptId = await insertConcept(owner, 'Secret', 'Le secret est bien gardé.');
    const empty = await call('POST', '/api/ai/feynman-critique', { token: owner.token, json: { concept_id: conceptId, text: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].msg).toBe('Écrivez votre explication avant de demander une critique.');
    const stolen = await call('POST', '/api/ai/feynman-critique', { token: other.token, json: { concept_id: conceptId, text: 'texte' } });
    expect(stolen.status).toBe(404);
  });
});

describe('with a provider configured (an OpenAI-compatible service on loopback)', () => {
  /** The route as the Worker answers it when AI_BASE_URL names the loopback chat service. */
  async function withProvider(user: TestUser, path: string, json: unknown, model = 'llama3') {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${BASE}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) }),
      { ...env, AI_BASE_URL: `${env.CHAT_SERVER_ORIGIN}/v1/`, AI_MODEL: model, AI_API_KEY: 'sk-loopback' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: res.status, body: (await res.json()) as any };
  }
  const lastRequest = async () => (await (await fetch(`${env.CHAT_SERVER_ORIGIN}/requests/last`)).json()) as any;

  it('sends the concept and the explanation, and hands back the gaps and errors the model found', async () => {
    const user = await signUp('critiqueai');
    const conceptId = await insertConcept(user, 'Enzymes', 'Une enzyme est une protéine.', content);
    const res = await withProvider(user, '/api/ai/feynman-critique', { concept_id: conceptId, text: 'Une enzyme se consomme pendant la réaction.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      available: true,
      critique: { gaps: ['Le rôle exact de « Enzymes » n’est pas expliqué.'], errors: ['« Une enzyme se » est inexact.'] },
      error_message: null,
    });
    const sent = await lastRequest();
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-loopback');
    expect(sent.body.model).toBe('llama3');
    const userMessage = sent.body.messages.at(-1).content;
    expect(userMessage).toContain('Concept « Enzymes » :\nUne enzyme est une protéine.');
    expect(userMessage).toContain('Une enzyme se consomme pendant la réaction.');
  });

  it('says a reply without a critique is unreadable, and still refuses another person’s concept', async () => {
    const owner = await signUp('critiqueaibad');
    const other = await signUp('critiqueaioth');
    const conceptId = await insertConcept(owner, 'Enzymes', 'Une enzyme est une protéine.', content);
    const unreadable = await withProvider(owner, '/api/ai/feynman-critique', { concept_id: conceptId, text: 'Une enzyme aide.' }, 'broken');
    expect(unreadable.status).toBe(200);
    expect(unreadable.body).toEqual({ available: true, critique: null, error_message: 'Réponse du service d’IA illisible : aucune critique trouvée.' });
    const stolen = await withProvider(other, '/api/ai/feynman-critique', { concept_id: conceptId, text: 'texte' });
    expect(stolen.status).toBe(404);
  });

  it('generates flashcards through the provider instead of the offline generator', async () => {
    const user = await signUp('genai');
    const conceptId = await insertConcept(user, 'Enzymes', 'Une enzyme est une protéine.', content);
    const res = await withProvider(user, '/api/ai/generate-flashcards', { concept_id: conceptId, number_of_cards: 5 });
    expect(res.status).toBe(200);
    expect(res.body.generated_flashcards.map((c: { recto: string }) => c.recto)).toEqual(['Qu’est-ce que Enzymes ?', 'À quoi sert Enzymes ?']);
  });
});
