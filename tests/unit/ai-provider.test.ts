/**
 * The OpenAI-compatible provider against a fake chat-completions server on loopback.
 * (API tests run inside workerd; the provider is plain fetch, so it is tested in Node.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseProvider } from '../../worker/src/services/ai/generate-flashcards';
import { chatCompletion, openAiCompatibleProvider } from '../../worker/src/services/ai/openai-compatible-provider';
import { CRITIQUE_POINT_CHARS, CRITIQUE_POINTS_MAX, critiqueMessages, parseFeynmanCritique } from '../../worker/src/domain/feynman-critique';
import { ProviderError } from '../../worker/src/services/ai/provider';

type Handler = (body: any, req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler;
let server: http.Server;
let base: string;
const received: { url?: string; auth?: string; body?: any }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      received.push({ url: req.url, auth: req.headers.authorization, body });
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reply = (content: string): Handler => (_body, _req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
};
const request = { title: 'Photosynthèse', content: null, contentText: 'La photosynthèse est un processus.', count: 2 };

describe('OpenAI-compatible provider', () => {
  it('posts a chat completion and reads the cards, even inside a code fence', async () => {
    handler = reply('```json\n{"flashcards":[{"recto":"Q1","verso":"R1"},{"recto":"Q2","verso":"R2"},{"recto":"Q3","verso":"R3"}]}\n```');
    const provider = openAiCompatibleProvider({ baseUrl: base, model: 'llama3', apiKey: 'sk-test' });
    expect(await provider.generate(request)).toEqual([{ recto: 'Q1', verso: 'R1' }, { recto: 'Q2', verso: 'R2' }]);
    const last = received.at(-1)!;
    expect(last.url).toBe('/v1/chat/completions');
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body.model).toBe('llama3');
    expect(last.body.messages.at(-1).content).toContain('La photosynthèse est un processus.');
  });

  it('turns a malformed reply into a readable ProviderError', async () => {
    handler = reply('Désolé, je ne peux pas.');
    const provider = openAiCompatibleProvider({ baseUrl: base, model: 'm' });
    await expect(provider.generate(request)).rejects.toThrow(ProviderError);
    await expect(provider.generate(request)).rejects.toThrow(/illisible/);
    handler = (_b, _r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [');
    };
    await expect(provider.generate(request)).rejects.toThrow(/illisible/);
  });

  it('reports an error status with the service’s message', async () => {
    handler = (_b, _r, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Invalid API key' } }));
    };
    await expect(openAiCompatibleProvider({ baseUrl: base, model: 'm' }).generate(request)).rejects.toThrow('Le service d’IA a répondu 401 : Invalid API key');
  });

  it('gives up after the timeout', async () => {
    handler = () => {}; // never answers
    const started = Date.now();
    await expect(openAiCompatibleProvider({ baseUrl: base, model: 'm', timeoutMs: 200 }).generate(request)).rejects.toThrow(/pas répondu à temps/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports an unreachable service', async () => {
    await expect(openAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:1', model: 'm' }).generate(request)).rejects.toThrow(/injoignable/);
  });

  it('is chosen only when AI_BASE_URL is configured', () => {
    expect(chooseProvider({}).name).toBe('offline');
    expect(chooseProvider({ AI_BASE_URL: '  ' }).name).toBe('offline');
    expect(chooseProvider({ AI_BASE_URL: base, AI_MODEL: 'm' }).name).toBe('openai-compatible');
  });
});

describe('Feynman critique through the OpenAI-compatible provider', () => {
  it('sends the concept and the explanation, and reads the gaps and errors, even inside a code fence', async () => {
    handler = reply('```json\n{"lacunes":["Le rôle de la chlorophylle"],"erreurs":["La photosynthèse ne produit pas de CO2 : elle en consomme."]}\n```');
    const content = await chatCompletion({ baseUrl: base, model: 'm' }, critiqueMessages('Photosynthèse', 'La chlorophylle capte la lumière.', 'Les plantes rejettent du CO2.'), 0.2);
    expect(parseFeynmanCritique(content!)).toEqual({ gaps: ['Le rôle de la chlorophylle'], errors: ['La photosynthèse ne produit pas de CO2 : elle en consomme.'] });
    const sent = received.at(-1)!.body.messages.at(-1).content as string;
    expect(sent).toContain('La chlorophylle capte la lumière.');
    expect(sent).toContain('Les plantes rejettent du CO2.');
  });

  it('finds no critique in a reply without one, and bounds what it keeps', () => {
    expect(parseFeynmanCritique('Très bonne explication !')).toBeNull();
    expect(parseFeynmanCritique('{"note": 3}')).toBeNull();
    const many = parseFeynmanCritique(JSON.stringify({ gaps: Array.from({ length: 20 }, (_, i) => `Lacune ${i} ${'x'.repeat(400)}`), errors: [] }))!;
    expect(many.gaps).toHaveLength(CRITIQUE_POINTS_MAX);
    expect(many.gaps[0]!.length).toBe(CRITIQUE_POINT_CHARS);
  });

  it('turns an unreachable provider into a readable ProviderError', async () => {
    await expect(chatCompletion({ baseUrl: 'http://127.0.0.1:1', model: 'm' }, critiqueMessages('T', 'c', 'e'), 0.2)).rejects.toThrow('Le service d’IA est injoignable.');
  });
});
