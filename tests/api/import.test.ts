/**
 * Import (spec document 3 §2.6, §7): the Worker fetches pages from a loopback server
 * (tests/support/page-server.ts, started by this layer's config) serving a real saved
 * article, analyses content, and creates the concept with its links atomically.
 */
import { describe, expect, it } from 'vitest';
import { fetchPage } from '../../worker/src/services/fetch-page';
import { ApiError } from '../../worker/src/lib/errors';
import { call, env, signUp, type TestUser } from './helpers';

const ORIGIN = env.PAGE_SERVER_ORIGIN;
const ARTICLE = `${ORIGIN}/articles/renseignement.html`;
const ARTICLE_TITLE = "Le projet de loi sur le renseignement massivement approuvé à l'Assemblée";

const extract = (user: TestUser, url: string) => call('POST', '/api/import/extract-content', { token: user.token, json: { url } });
const createConcept = (user: TestUser, title: string) => call('POST', '/api/concepts', { token: user.token, json: { title } }).then((r) => r.body.id as number);
const countConcepts = async (userId: number, title?: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM concepts WHERE user_id = ? ${title ? 'AND title = ?' : ''}`).bind(...(title ? [userId, title] : [userId])).first<{ n: number }>())!.n;
const countLinks = async (userId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM concept_links WHERE user_id = ? AND link_type = 'related_to'").bind(userId).first<{ n: number }>())!.n;

function allText(node: any): string {
  return typeof node.text === 'string' ? node.text : (node.content ?? []).map(allText).join(' ');
}
function find(node: any, test: (n: any) => boolean): any[] {
  return [...(test(node) ? [node] : []), ...(node.content ?? []).flatMap((c: any) => find(c, test))];
}

describe('POST /api/import/extract-content', () => {
  it('reads the readable article of a real saved page: title, headings, links, no page furniture', async () => {
    const user = await signUp('imp');
    const res = await extract(user, ARTICLE);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe(ARTICLE_TITLE);
    const text = allText(res.body.content);
    expect(text).toContain('Les députés ont, sans surprise, adopté à une large majorité');
    expect(text).toContain('Conseil constitutionnel');
    expect(text).not.toContain('smartadserver');
    expect(text).not.toContain('lmd = {}');
    expect(find(res.body.content, (n) => n.type === 'heading').length).toBeGreaterThan(3);
    const hrefs = find(res.body.content, (n) => n.type === 'text' && n.marks?.some((m: any) => m.type === 'link')).map((n) => n.marks.find((m: any) => m.type === 'link').attrs.href);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((h: string) => /^https?:\/\//.test(h))).toBe(true);
  });

  it('keeps lists and images of a short page, images made absolute', async () => {
    const user = await signUp('imp');
    const res = await extract(user, `${ORIGIN}/short`);
    expect(res.status).toBe(200);
    expect(find(res.body.content, (n) => n.type === 'bulletList')).toHaveLength(1);
    expect(find(res.body.content, (n) => n.type === 'figure')[0].attrs).toMatchObject({ src: `${ORIGIN}/img.png`, alt: 'schéma' });
  });

  it('decodes a page by its <meta> charset or its byte order mark, reads HTML5 without <body>, and answers 4xx (never 500) for an empty page', async () => {
    const user = await signUp('imp');
    const latin = await extract(user, `${ORIGIN}/encoding/windows-1252`);
    expect([latin.status, latin.body.title]).toEqual([200, 'Assemblée nationale']);
    expect(allText(latin.body.content)).toContain('Les députés ont adopté');
    const utf16 = await extract(user, `${ORIGIN}/encoding/utf-16`);
    expect([utf16.status, utf16.body.title, allText(utf16.body.content)]).toEqual([200, 'Été', 'Une page écrite en UTF-16, avec sa marque d’ordre des octets.']);
    const html5 = await extract(user, `${ORIGIN}/html5-no-body`);
    expect([html5.status, html5.body.title, allText(html5.body.content)]).toEqual([200, 'Sans corps', 'Un paragraphe suffit à faire une page HTML5 valide.']);
    const words = await extract(user, `${ORIGIN}/words`);
    expect([words.status, allText(words.body.content)]).toEqual([200, 'juste des mots']);
    const empty = await extract(user, `${ORIGIN}/empty-body`);
    expect([empty.status, empty.body.code, empty.body.detail]).toEqual([422, 'page_empty', "Aucun texte lisible n'a été trouvé sur cette page."]);
  });

  it('follows up to 5 redirects and refuses a sixth', async () => {
    const user = await signUp('imp');
    const ok = await extract(user, `${ORIGIN}/redirect/5`);
    expect(ok.status).toBe(200);
    expect(ok.body.url).toBe(ARTICLE);
    const tooMany = await extract(user, `${ORIGIN}/redirect/6`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ code: 'too_many_redirects' });
  });

  it.each([
    ['file:///etc/passwd', 'url_scheme'],
    ['javascript:alert(1)', 'url_scheme'],
    ['pas une url', 'url_invalid'],
    [`${ORIGIN}/to-file`, 'url_scheme'],
    [`${ORIGIN}/huge`, 'page_too_large'],
    [`${ORIGIN}/huge-declared`, 'page_too_large'],
    [`${ORIGIN}/pdf`, 'page_not_html'],
    [`${ORIGIN}/empty`, 'page_empty'],
    [`${ORIGIN}/missing`, 'page_status'],
    ['http://127.0.0.1:9/closed-port', 'page_unreachable'],
  ])('refuses %s with a clear 422 (%s)', async (url, code) => {
    const user = await signUp('imp');
    const res = await extract(user, url);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.detail).toBe('string');
  });

  it('asks for the URL when it is missing', async () => {
    const user = await signUp('imp');
    const res = await call('POST', '/api/import/extract-content', { token: user.token, json: { url: '  ' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'url'], msg: "L'URL est requise" });
  });
});

describe('fetchPage guards', () => {
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => (err instanceof ApiError ? err.code : String(err)));

  it('gives up on a page that never answers', async () => {
    expect(await refusal(fetchPage(`${ORIGIN}/never`, { allowPrivate: true, timeoutMs: 300 }))).toBe('page_timeout');
  });

  it('refuses loopback and private hosts in production, by literal address and by name', async () => {
    for (const url of [ARTICLE, 'http://localhost:1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data']) {
      expect(await refusal(fetchPage(url, { allowPrivate: false }))).toBe('url_private');
    }
  });

  it('re-checks every redirect hop: a public page redirecting to a private address is refused before it is fetched', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return new Response(null, { status: 302, headers: { location: 'http://10.0.0.7/admin' } });
    }) as unknown as typeof fetch;
    expect(await refusal(fetchPage('https://public.example/article', { allowPrivate: false, fetcher }))).toBe('url_private');
    expect(asked).toEqual(['https://public.example/article']);
  });

  it('refuses IPv6 forms that lead to a private IPv4 host, at the start and on a redirect hop', async () => {
    const hidden = ['http://[::127.0.0.1]/', 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data', 'http://[2002:7f00:1::]/', 'http://[::ffff:0:127.0.0.1]/', 'http://[fec0::1]/'];
    for (const url of hidden) expect(await refusal(fetchPage(url, { allowPrivate: false })), url).toBe('url_private');
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return new Response(null, { status: 301, headers: { location: 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data' } });
    }) as unknown as typeof fetch;
    expect(await refusal(fetchPage('https://public.example/a', { allowPrivate: false, fetcher }))).toBe('url_private');
    expect(asked).toEqual(['https://public.example/a']);
  });
});

describe('POST /api/import/extract-concepts', () => {
  it("finds the person's concepts in French text (accents, elisions, longest first) and suggests new ones", async () => {
    const user = await signUp('imp');
    const other = await signUp('imp');
    const conseil = await createConcept(user, 'Conseil constitutionnel');
    await createConcept(user, 'Conseil');
    const senat = await createConcept(user, 'SENAT');
    const assemblee = await createConcept(user, 'assemblée');
    await createConcept(user, 'Absent du texte');
    await createConcept(other, 'Députés');
    const article = await extract(user, ARTICLE);
    const res = await call('POST', '/api/import/extract-concepts', { token: user.token, json: { content: article.body.content, format: 'doc' } });
    expect(res.status).toBe(200);
    const found = res.body.found_concepts.map((c: any) => c.id);
    // "l'Assemblée" is found through its elision; "Conseil constitutionnel" wins over "Conseil" there.
    expect(found).toEqual(expect.arrayContaining([conseil, senat, assemblee]));
    expect(res.body.found_concepts.map((c: any) => c.title)).not.toContain('Absent du texte');
    expect(res.body.found_concepts.map((c: any) => c.title)).not.toContain('Députés');
    expect(res.body.found_concepts[0]).toEqual({ id: expect.any(Number), title: expect.any(String), category: null });
    const suggested = res.body.suggested_concepts.map((s: any) => s.title);
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.length).toBeLessThanOrEqual(20);
    expect(suggested.map((s: string) => s.toLowerCase())).not.toContain('conseil constitutionnel');
  });

  it('sees concepts created, renamed and deleted since the last analysis', async () => {
    const user = await signUp('imp');
    const analyse = () =>
      call('POST', '/api/import/extract-concepts', { token: user.token, json: { content: 'Le soleil et la lune, puis les étoiles.', format: 'text' } }).then((r) =>
        r.body.found_concepts.map((c: any) => c.title).sort(),
      );
    const soleil = await createConcept(user, 'Soleil');
    expect(await analyse()).toEqual(['Soleil']);
    const lune = await createConcept(user, 'Lune');
    expect(await analyse()).toEqual(['Lune', 'Soleil']);
    await call('PUT', `/api/concepts/${soleil}`, { token: user.token, json: { title: 'Étoiles' } });
    expect(await analyse()).toEqual(['Lune', 'Étoiles']);
    await call('DELETE', `/api/concepts/${lune}`, { token: user.token });
    expect(await analyse()).toEqual(['Étoiles']);
  });

  it('reads Markdown and asks for content when there is none', async () => {
    const user = await signUp('imp');
    const id = await createConcept(user, 'Énergie');
    const ok = await call('POST', '/api/import/extract-concepts', { token: user.token, json: { content: "# L'énergie solaire\n\nDe l’**énergie**.", format: 'markdown' } });
    expect(ok.body.found_concepts).toEqual([{ id, title: 'Énergie', category: null }]);
    expect(ok.body.suggested_concepts).toEqual([{ title: 'énergie solaire' }]);
    const empty = await call('POST', '/api/import/extract-concepts', { token: user.token, json: { content: '   ', format: 'text' } });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].msg).toBe('Le contenu est requis');
  });
});

describe('POST /api/import/concepts', () => {
  it('creates the concept from Markdown with category, tags and related_to links to the chosen concepts', async () => {
    const user = await signUp('imp');
    const a = await createConcept(user, 'Photosynthèse');
    const b = await createConcept(user, 'Chlorophylle');
    const res = await call('POST', '/api/import/concepts', {
      token: user.token,
      json: { title: '  Cycle de Calvin ', content: '# Étapes\n\n- [x] fixation\n\n| a | b |\n|---|---|\n| 1 | 2 |', format: 'markdown', category: 'Biologie', tags: 'bio, , plantes ,bio', source: 'MANUAL', related_concept_ids: [a, b] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Cycle de Calvin', source: 'MANUAL', category: 'Biologie', linked_concept_ids: [a, b] });
    expect(res.body.tags.map((t: any) => t.name)).toEqual(['bio', 'plantes']);
    expect(res.body.content.content.map((n: any) => n.type)).toEqual(['heading', 'taskList', 'table']);
    const page = await call('GET', `/api/concepts/${a}`, { token: user.token });
    expect(page.body.backlinks.map((c: any) => c.id)).toContain(res.body.id);
  });

  it('imports a 1 MB article page whole (the size the budget is set for)', async () => {
    const user = await signUp('imp');
    const article = await extract(user, `${ORIGIN}/articles/renseignement-1mb.html`);
    expect(article.status).toBe(200);
    const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: 'Grand article', content: article.body.content, format: 'doc', source: 'WEB', source_url: article.body.url } });
    expect(res.status).toBe(201);
    expect(res.body.content_text.length).toBeGreaterThan(300_000);
    expect(res.body.content_text).not.toContain('tracking');
  });

  it('creates a WEB concept from an URL’s article with its source URL', async () => {
    const user = await signUp('imp');
    const article = await extract(user, ARTICLE);
    const res = await call('POST', '/api/import/concepts', {
      token: user.token,
      json: { title: article.body.title, content: article.body.content, format: 'doc', source: 'WEB', source_url: article.body.url, tags: '' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: ARTICLE_TITLE, source: 'WEB', source_url: ARTICLE });
    expect(res.body.content_text).toContain('Conseil constitutionnel');
  });

  it('keeps the text of malformed Markdown', async () => {
    const user = await signUp('imp');
    const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: 'Brouillon', content: '**non fermé\n\n```\nsans fin\n| a |\n[lien](', format: 'markdown' } });
    expect(res.status).toBe(201);
    expect(res.body.content_text).toContain('non fermé');
    expect(res.body.content_text).toContain('sans fin');
  });

  it('refuses an empty title after trimming, and writes nothing', async () => {
    const user = await signUp('imp');
    const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: '   ', content: 'texte' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'title'], msg: 'Le titre est requis' });
    expect(await countConcepts(user.id)).toBe(0);
  });

  it('refuses a 2 MB pasted text with 413, and writes nothing', async () => {
    const user = await signUp('imp');
    const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: 'Énorme', content: 'é'.repeat(1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(await countConcepts(user.id)).toBe(0);
  });

  it("refuses links to another person's concept or a missing one with 422, and writes nothing", async () => {
    const user = await signUp('imp');
    const other = await signUp('imp');
    const mine = await createConcept(user, 'À moi');
    const theirs = await createConcept(other, 'À autrui');
    for (const ids of [[mine, theirs], [mine, 999_999_999]]) {
      const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: 'Importé', content: 'x', related_concept_ids: ids } });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('unknown_concept');
    }
    expect(await countConcepts(user.id, 'Importé')).toBe(0);
    expect(await countLinks(user.id)).toBe(0);
  });

  it('refuses a source URL that is not http(s)', async () => {
    const user = await signUp('imp');
    const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: 'X', content: 'x', source: 'WEB', source_url: 'javascript:alert(1)' } });
    expect(res.status).toBe(422);
    expect(await countConcepts(user.id)).toBe(0);
  });

  it('is atomic: when writing a link fails, the concept is not created either', async () => {
    const user = await signUp('imp');
    const target = await createConcept(user, 'Cible');
    // A trigger that fails the link insert for this one target only (other tests are untouched).
    await env.DB.exec(`CREATE TRIGGER fail_import_link_${target} BEFORE INSERT ON concept_links WHEN NEW.target_concept_id = ${target} BEGIN SELECT RAISE(ABORT, 'link refused'); END`);
    try {
      const res = await call('POST', '/api/import/concepts', { token: user.token, json: { title: 'Moitié', content: 'x', tags: 'orphelin', related_concept_ids: [target] } });
      expect(res.status).toBe(500);
    } finally {
      await env.DB.exec(`DROP TRIGGER fail_import_link_${target}`);
    }
    expect(await countConcepts(user.id, 'Moitié')).toBe(0);
    const tag = await env.DB.prepare("SELECT COUNT(*) AS n FROM tags WHERE user_id = ? AND name = 'orphelin'").bind(user.id).first<{ n: number }>();
    expect(tag!.n).toBe(0);
  });
});

describe('POST /api/import/batch-links', () => {
  it('links concepts with related_to and returns the links; repeating it adds nothing', async () => {
    const user = await signUp('imp');
    const [a, b, c] = [await createConcept(user, 'A'), await createConcept(user, 'B'), await createConcept(user, 'C')];
    const links = [
      { concept_id: a, target_concept_id: b, link_type: 'related_to', description: 'voir aussi' },
      { concept_id: a, target_concept_id: c, link_type: 'related_to' },
    ];
    const res = await call('POST', '/api/import/batch-links', { token: user.token, json: links });
    expect(res.status).toBe(201);
    expect(res.body.links).toEqual([
      { id: expect.any(Number), concept_id: a, target_concept_id: b, link_type: 'related_to', description: 'voir aussi' },
      { id: expect.any(Number), concept_id: a, target_concept_id: c, link_type: 'related_to', description: null },
    ]);
    await call('POST', '/api/import/batch-links', { token: user.token, json: links });
    expect(await countLinks(user.id)).toBe(2);
  });

  it("refuses another person's concept ids, or a concept linked to itself, with 422 and writes none of the batch", async () => {
    const user = await signUp('imp');
    const other = await signUp('imp');
    const [a, b] = [await createConcept(user, 'A'), await createConcept(user, 'B')];
    const theirs = await createConcept(other, 'T');
    const foreign = await call('POST', '/api/import/batch-links', { token: user.token, json: [{ concept_id: a, target_concept_id: b }, { concept_id: a, target_concept_id: theirs }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('unknown_concept');
    const reversed = await call('POST', '/api/import/batch-links', { token: user.token, json: [{ concept_id: theirs, target_concept_id: a }] });
    expect(reversed.status).toBe(422);
    const self = await call('POST', '/api/import/batch-links', { token: user.token, json: [{ concept_id: a, target_concept_id: b }, { concept_id: a, target_concept_id: a }] });
    expect(self.status).toBe(422);
    expect(self.body.detail[0]).toMatchObject({ loc: ['body', 1, 'target_concept_id'], msg: 'Un concept ne peut pas être lié à lui-même.' });
    const wrongType = await call('POST', '/api/import/batch-links', { token: user.token, json: [{ concept_id: a, target_concept_id: b, link_type: 'parent' }] });
    expect(wrongType.status).toBe(422);
    expect(await countLinks(user.id)).toBe(0);
    expect(await countLinks(other.id)).toBe(0);
  });
});
