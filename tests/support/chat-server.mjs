/**
 * An OpenAI-compatible chat-completions service on loopback, for the API tests of the AI
 * routes with a provider configured (the Worker under test is given its address as
 * AI_BASE_URL). It answers as a model that follows the app's prompts would:
 * - a Feynman critique prompt (its system message asks for "lacunes") gets one gap naming
 *   the concept the user message sends, and one error quoting the explanation's first words;
 * - any other prompt gets two flashcards about that concept.
 * A request whose model is "broken" gets a reply with no JSON in it. GET /requests/last gives
 * back the last request's body, so a test can check what the Worker sent.
 * Plain JavaScript like the other loopback servers; types in chat-server.d.mts.
 */
import http from 'node:http';

/** @param {any} body */
function answer(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const system = String(messages.find((m) => m?.role === 'system')?.content ?? '');
  const user = String(messages.findLast((m) => m?.role === 'user')?.content ?? '');
  if (body?.model === 'broken') return 'Je ne peux pas répondre à cela.';
  const title = /« (.+?) »/.exec(user)?.[1] ?? '?';
  if (system.includes('lacunes')) {
    const explanation = user.split('Explication de l’élève :\n')[1] ?? '';
    const firstWords = explanation.split(/\s+/).slice(0, 3).join(' ');
    return '```json\n' + JSON.stringify({ lacunes: [`Le rôle exact de « ${title} » n’est pas expliqué.`], erreurs: [`« ${firstWords} » est inexact.`] }) + '\n```';
  }
  return JSON.stringify({ flashcards: [{ recto: `Qu’est-ce que ${title} ?`, verso: 'Voir le concept.' }, { recto: `À quoi sert ${title} ?`, verso: 'Voir le concept.' }] });
}

/** @returns {Promise<import('./chat-server.d.mts').ChatServer>} */
export async function startChatServer() {
  let last = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/requests/last') return json(200, last);
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return json(404, { error: 'not found' });
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(400, { error: 'invalid json' });
      }
      last = { url: req.url, authorization: req.headers.authorization ?? null, body };
      json(200, { choices: [{ message: { role: 'assistant', content: answer(body) } }] });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  server.unref();
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
