/**
 * The Markdown vault export: the person's concepts, cards, links, daily notes and the
 * files their pages show, read in one batch, laid out by the domain (vault-export.ts)
 * and zipped. Bounded: an account past `MAX_VAULT_CONCEPTS` concepts is told to use the
 * JSON backup, and attachments past `MAX_VAULT_ATTACHMENT_BYTES` stay links to their
 * stored address rather than copies.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { buildVault, type ExportVaultInput } from '../domain/vault-export';
import { countConcepts, vaultExportStatements } from '../db/queries/markdown-vault';
import { firstRow, readBatch } from '../db/rows';
import { ApiError } from '../lib/errors';
import { publicFileUrl, userFileKey } from '../lib/r2-keys';

export const DEFAULT_VAULT_FILE_NAME = 'astrolabe-vault.zip';
const MAX_VAULT_CONCEPTS = 20_000;
const MAX_VAULT_ATTACHMENT_BYTES = 64 * 1024 * 1024;

interface VaultExportProps {
  d1: D1Database;
  bucket: R2Bucket;
  userId: number;
}

const parsedList = (json: string) => JSON.parse(json) as string[];

async function readVaultInput(d1: D1Database, userId: number): Promise<ExportVaultInput> {
  const [concepts, relations, links, cards, days, files] = await readBatch(d1, vaultExportStatements(d1, userId));
  return {
    concepts: concepts.map((c) => ({ id: c.id, title: c.title, content: c.content, tags: parsedList(c.tags) })),
    relations,
    links,
    cards,
    dailyNotes: days.map((d) => ({ date: d.date, blocks: parsedList(d.blocks) })),
    files: new Map(files.map((f) => [publicFileUrl(userId, f.key.split('/').at(-1)!), { name: f.file_name, type: f.mime_type }])),
  };
}

export async function buildVaultZip({ d1, bucket, userId }: VaultExportProps): Promise<Uint8Array> {
  const count = await firstRow(countConcepts(d1, userId));
  if ((count?.n ?? 0) > MAX_VAULT_CONCEPTS) {
    throw new ApiError(413, 'vault_export_too_large', `Trop de concepts pour un coffre Markdown (au plus ${MAX_VAULT_CONCEPTS}) : utilisez l'export JSON.`);
  }
  const vault = buildVault(await readVaultInput(d1, userId));
  const entries: Zippable = {};
  for (const [path, text] of vault.pages) entries[path] = strToU8(text);
  let budget = MAX_VAULT_ATTACHMENT_BYTES;
  for (const [path, address] of vault.attachments) {
    const object = await bucket.get(userFileKey(userId, address.split('/').at(-1)!));
    if (!object || object.size > budget) continue;
    budget -= object.size;
    // Images and sounds are compressed already: stored as they are.
    entries[path] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
  }
  return zipSync(entries, { level: 6 });
}
