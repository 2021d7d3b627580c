import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { loadConcept } from '../services/concept-detail';
import { allowsPrivateFetch } from '../services/fetch-page';
import { extractConcepts, extractContent } from '../services/import-analysis';
import { createImportedConcept, createRelatedLinks } from '../services/import-concept';
import { batchLinksBody, importConceptBody } from '../domain/write-payloads';
import { extractConceptsBody, extractContentBody } from './import.schema';

/**
 * Import content (spec document 3 §2.6, §7): read a web page, analyse content for existing
 * and new concepts, create the imported concept with its links, and link concepts in a batch.
 * A page that cannot be read answers 422 with a code saying why (url_scheme, url_private,
 * page_unreachable, page_timeout, page_too_large, page_not_html, page_empty, ...).
 */
export const importRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .post('/extract-content', validate('json', extractContentBody), async (c) => {
    const { url } = c.req.valid('json');
    return c.json(await extractContent({ url, fetch: { allowPrivate: allowsPrivateFetch(c.env) } }), 200);
  })
  .post('/extract-concepts', validate('json', extractConceptsBody), async (c) => {
    const { content, format } = c.req.valid('json');
    return c.json(await extractConcepts({ d1: c.get('db'), userId: c.get('userId'), content, format }), 200);
  })
  .post('/concepts', validate('json', importConceptBody), async (c) => {
    const id = await createImportedConcept({ d1: c.get('db'), userId: c.get('userId'), body: c.req.valid('json') }, c.get('now'));
    return c.json(await loadConcept(c.get('db'), c.get('userId'), id), 201);
  })
  .post('/batch-links', validate('json', batchLinksBody), async (c) => {
    const links = await createRelatedLinks({ d1: c.get('db'), userId: c.get('userId'), links: c.req.valid('json') }, c.get('now'));
    return c.json({ links }, 201);
  });
