/**
 * Data (the Settings screen's Data tab; spec document 3 §7 /export-import): the JSON backup
 * (preview, streamed download, restore in one request or in chunks), the Anki package
 * both ways, a Markdown vault (Obsidian, Logseq) both ways, cards from a table (CSV, TSV,
 * Quizlet) with its preview, and delete-all.
 */
import { Hono } from 'hono';
import type { AppEnv, Env } from '../env';
import { DEFAULT_APKG_FILE_NAME } from '../domain/anki';
import { DEFAULT_EXPORT_FILE_NAME, type SectionName } from '../domain/data-format';
import type { CardScope } from '../db/queries/anki';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { exportPreview, exportStream } from '../services/data-export';
import {
  abandonImport,
  commitImport,
  importBackup,
  readBackupUpload,
  readImportFile,
  stageImportRows,
  startImport,
  type FailPoint,
} from '../services/data-import';
import { buildApkg } from '../services/apkg-export';
import { MAX_APKG_BYTES, importApkg } from '../services/apkg-import';
import { importCardTable, previewCardTable } from '../services/card-table-import';
import { deleteAllUserData } from '../services/delete-all';
import { MAX_VAULT_BYTES, importVault } from '../services/vault-import';
import { DEFAULT_VAULT_FILE_NAME, buildVaultZip } from '../services/vault-export';
import { contentDisposition } from '../services/uploads';
import { apkgExportBody, cardTableImportBody, cardTablePreviewBody, deleteAllQuery, importIdParam, importQuery, importRowsBody, importStartBody } from './data.schema';

/** Test-only failure injection (`x-test-fail-import: middle`), honoured only when ENVIRONMENT is 'test'. */
function failPoint(env: Env, header: string | undefined): FailPoint {
  return env.ENVIRONMENT === 'test' && header === 'middle' ? 'middle' : null;
}

export const dataRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/export/preview', async (c) => {
    const { estimated_bytes: _bytes, ...preview } = await exportPreview(c.get('db'), c.get('userId'));
    return c.json(preview, 200);
  })
  .get('/export/json', async (c) => {
    const { estimated_bytes } = await exportPreview(c.get('db'), c.get('userId'));
    return c.body(exportStream(c.get('db'), c.get('userId'), c.get('now')), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', DEFAULT_EXPORT_FILE_NAME),
      // No Content-Length for a stream: the page shows progress against this estimate.
      'X-Estimated-Size': String(estimated_bytes),
      'Cache-Control': 'no-store',
    });
  })
  .post('/export/apkg', validate('json', apkgExportBody), async (c) => {
    const { constellation_id, concept_ids } = c.req.valid('json');
    const scope: CardScope = constellation_id ? { kind: 'constellation', id: constellation_id } : concept_ids ? { kind: 'concepts', ids: concept_ids } : { kind: 'all' };
    const { bytes } = await buildApkg({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId'), scope }, c.get('now'));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition('attachment', DEFAULT_APKG_FILE_NAME),
      'Content-Length': String(bytes.byteLength),
    });
  })
  .get('/export/vault', async (c) => {
    const bytes = await buildVaultZip({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId') });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', DEFAULT_VAULT_FILE_NAME),
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'no-store',
    });
  })
  .post('/import/json', validate('query', importQuery), async (c) => {
    const backup = await readBackupUpload(c.req.raw);
    const props = { d1: c.get('db'), userId: c.get('userId'), backup, merge: c.req.valid('query').merge };
    const result = await importBackup({ ...props, failAt: failPoint(c.env, c.req.header('x-test-fail-import')) }, c.get('now'));
    return c.json(result, 200);
  })
  .post('/import/apkg', async (c) => {
    // The upload goes straight into the call, in no local: the awaiting handler would keep a
    // local (or its props) for the whole import, which lets go of it once the collection is open.
    const upload = () => readImportFile(c.req.raw, MAX_APKG_BYTES);
    return c.json(await importApkg({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId'), bytes: await upload() }, c.get('now')), 200);
  })
  .post('/import/vault', async (c) => {
    const bytes = await readImportFile(c.req.raw, MAX_VAULT_BYTES);
    return c.json(await importVault({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId'), bytes }, c.get('now')), 200);
  })
  .post('/import/cards/preview', validate('json', cardTablePreviewBody), (c) => {
    const { text, ...options } = c.req.valid('json');
    return c.json(previewCardTable(text, options), 200);
  })
  .post('/import/cards', validate('json', cardTableImportBody), async (c) => {
    const { text, mapping, concept_id, new_concept_title, ...options } = c.req.valid('json');
    const target = concept_id !== undefined ? { concept_id } : { new_concept_title: new_concept_title! };
    const props = { d1: c.get('db'), userId: c.get('userId'), text, options, mapping, target };
    return c.json(await importCardTable(props, c.get('now')), 200);
  })
  .post('/import/json/start', validate('json', importStartBody), async (c) => {
    const { merge, header } = c.req.valid('json');
    const importId = await startImport({ d1: c.get('db'), userId: c.get('userId'), header, merge }, c.get('now'));
    return c.json({ import_id: importId }, 201);
  })
  .post('/import/json/:importId/rows', validate('param', importIdParam), validate('json', importRowsBody), async (c) => {
    const { section, rows, offset } = c.req.valid('json');
    const props = { d1: c.get('db'), userId: c.get('userId'), importId: c.req.valid('param').importId };
    return c.json(await stageImportRows({ ...props, section: section as SectionName, rows, offset: offset ?? null }), 200);
  })
  .post('/import/json/:importId/commit', validate('param', importIdParam), async (c) => {
    const props = { d1: c.get('db'), userId: c.get('userId'), importId: c.req.valid('param').importId };
    return c.json(await commitImport({ ...props, failAt: failPoint(c.env, c.req.header('x-test-fail-import')) }), 200);
  })
  .delete('/import/json/:importId', validate('param', importIdParam), async (c) => {
    await abandonImport({ d1: c.get('db'), userId: c.get('userId'), importId: c.req.valid('param').importId });
    return c.body(null, 204);
  })
  .delete('/user-data', validate('query', deleteAllQuery), async (c) => {
    await deleteAllUserData({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId') });
    return c.json({ message: 'All data has been permanently deleted' }, 200);
  });
