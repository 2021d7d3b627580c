/**
 * Importing a Markdown vault (an Obsidian vault or a Logseq graph, zipped). The zip is
 * read against its declared sizes (lib/archive.ts: a zip bomb is refused before it is
 * expanded), its pages planned in the domain (vault-pages.ts), the attachments they show
 * stored in R2 under addresses derived from their paths, and the new objects staged a
 * piece of pages at a time (their links made before staging) then switched in through
 * the JSON backup's staging and one batch (merge) — so the import lands whole or not at
 * all, and the same vault imported again adds nothing.
 */
import { planVault, stableUuid, vaultEntries, type VaultFile, type VaultPlan } from '../domain/vault-pages';
import { occlusionRefusal } from '../domain/vault-occlusion';
import { vaultSectionPieces, type AccountConcept, type VaultExisting } from '../domain/vault-sections';
import type { BackupHeader, ImportResult, SectionName } from '../domain/data-format';
import { sniffAudioType } from '../domain/sniff-audio';
import { sniffImageType } from '../domain/sniff-image';
import { titleKey } from '../domain/wiki-links';
import { conceptsByTitleKeys, daysWithBlocks, storedFileKeys, vaultObjectUids } from '../db/queries/markdown-vault';
import { allRows, readBatch } from '../db/rows';
import { readArchive, ZipArchive } from '../lib/archive';
import { ApiError } from '../lib/errors';
import { publicFileUrl, userFileKey } from '../lib/r2-keys';
import { importInPieces } from './data-import';
import { contentDisposition, MAX_UPLOAD_BYTES } from './uploads';

export const MAX_VAULT_BYTES = 48 * 1024 * 1024;
const VAULT_LIMITS = { maxEntries: 30_000, maxTotalBytes: 160 * 1024 * 1024, maxEntryBytes: MAX_UPLOAD_BYTES };
/** A page longer than this is not a note someone wrote by hand. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/**
 * One import holds every page's Markdown text (its documents are made and staged a piece
 * at a time): a vault is taken in one request only up to these, and a larger one is
 * refused before any page is parsed.
 */
export const MAX_VAULT_PAGES = 10_000;
export const MAX_VAULT_TEXT_BYTES = 16 * 1024 * 1024;
/** Attachments stored at once, and the most bytes they may hold together (one over-large attachment goes alone). */
const PUT_AT_ONCE = 8;
const PUT_BYTES_AT_ONCE = 8 * 1024 * 1024;

export interface VaultImportResult extends ImportResult {
  daily_notes: number;
  attachments: number;
}

const notVault = () => new ApiError(422, 'invalid_vault', "Le fichier n'est pas une archive .zip lisible d'un coffre Obsidian ou d'un graphe Logseq.");
const tooLarge = () =>
  new ApiError(422, 'vault_too_large', `L'archive se décompresse au-delà de ce qui peut être importé (au plus ${VAULT_LIMITS.maxEntries} fichiers, ${MAX_PAGE_BYTES / 1024 / 1024} Mo par page, ${MAX_UPLOAD_BYTES / 1024 / 1024} Mo par pièce jointe, ${VAULT_LIMITS.maxTotalBytes / 1024 / 1024} Mo en tout).`);

const tooManyPages = (pages: number) =>
  new ApiError(
    422,
    'vault_too_large',
    `Ce coffre compte ${pages} pages : une importation en prend au plus ${MAX_VAULT_PAGES} (${MAX_VAULT_TEXT_BYTES / 1024 / 1024} Mo de texte). Importez-le en plusieurs archives, dossier par dossier : une page déjà importée n'est jamais ajoutée deux fois.`,
  );

/** Runs a read of the archive, its refusals as the import's 422s. */
const reading = <T>(read: () => T): T => readArchive(read, (reason) => (reason === 'too_large' ? tooLarge() : notVault()));

interface ImportVaultProps {
  d1: D1Database;
  bucket: R2Bucket;
  userId: number;
  bytes: Uint8Array;
}

const utf8 = new TextDecoder('utf-8');

/** The vault's pages and attachments; 422 when it is no zip or holds no page. */
function openVault(bytes: Uint8Array) {
  const archive = reading(() => new ZipArchive(bytes, VAULT_LIMITS));
  const entries = vaultEntries(archive.names());
  if (!entries.pages.size) throw new ApiError(422, 'invalid_vault', "L'archive ne contient aucune page Markdown (.md) : est-ce bien un coffre Obsidian ou un graphe Logseq ?");
  if (entries.pages.size > MAX_VAULT_PAGES) throw tooManyPages(entries.pages.size);
  let textBytes = 0;
  const pages: VaultFile[] = [...entries.pages].map(([name, path]) => {
    const bytes = reading(() => archive.read(name, MAX_PAGE_BYTES));
    textBytes += bytes.length;
    if (textBytes > MAX_VAULT_TEXT_BYTES) throw tooManyPages(entries.pages.size);
    return { path, text: utf8.decode(bytes) };
  });
  return { archive, entries, pages };
}

/** The vault planned from its pages (whose texts are not kept beyond this). */
function plannedVault(bytes: Uint8Array, addressOf: (path: string) => string) {
  const { archive, entries, pages } = openVault(bytes);
  return { archive, entries, plan: planVault(entries.kind, pages, [...entries.attachments.values()], addressOf) };
}

/** What an earlier import of a vault left in the account, and the account's concepts the pages name. */
async function readExisting(d1: D1Database, userId: number, dates: string[], titleKeys: string[]): Promise<VaultExisting> {
  const [conceptRows, cardRows, days, titleRows] = await readBatch(d1, [
    vaultObjectUids(d1, userId, 'concepts'),
    vaultObjectUids(d1, userId, 'flashcards'),
    daysWithBlocks(d1, userId, dates),
    conceptsByTitleKeys(d1, userId, titleKeys),
  ]);
  const conceptByTitleKey = new Map<string, AccountConcept>();
  for (const row of titleRows) if (!conceptByTitleKey.has(row.title_key)) conceptByTitleKey.set(row.title_key, { uid: row.uid!, id: row.id, title: row.title });
  return {
    conceptUids: new Set(conceptRows.map((r) => r.uid!)),
    cardUids: new Set(cardRows.map((r) => r.uid!)),
    blockUids: new Set(days.flatMap((d) => (JSON.parse(d.block_uids) as (string | null)[]).filter((u): u is string => !!u))),
    lastBlockOfDay: new Map(days.map((d) => [d.date, d.last_order ?? -1])),
    conceptByTitleKey,
  };
}

/** 422 when an occlusion group's image was not stored (the vault's file is no image): its cards would show nothing. */
function refuseMissingOcclusionImages(plan: VaultPlan, isStored: (address: string) => boolean) {
  for (const concept of plan.concepts) {
    if (concept.occlusions.some((group) => !isStored(group.image))) throw new ApiError(422, 'invalid_occlusion', occlusionRefusal(concept.path!, 'Son image n’est pas une image lisible du coffre.'));
  }
}

export async function importVault(props: ImportVaultProps, now: number): Promise<VaultImportResult> {
  const { d1, bucket, userId } = props;
  const uuidOf = (path: string) => stableUuid(`attachment:${path}`);
  const { archive, entries, plan } = plannedVault(props.bytes, (path) => publicFileUrl(userId, uuidOf(path)));
  if (plan.refusal) throw new ApiError(422, 'invalid_occlusion', plan.refusal);
  const linked = [...plan.concepts.flatMap((c) => c.links), ...plan.dailyNotes.flatMap((n) => n.blocks.flatMap((b) => b.links))];
  const existing = await readExisting(d1, userId, plan.dailyNotes.map((n) => n.date), [...new Set(linked.map(titleKey))]);
  const entryOf = new Map([...entries.attachments].map(([name, path]) => [path, name]));
  const keyOf = (path: string) => userFileKey(userId, uuidOf(path));
  const wanted = [...plan.attachments];
  const held = new Set(wanted.length ? (await allRows(storedFileKeys(d1, userId, wanted.map(keyOf)))).map((r) => r.key) : []);
  const stored: string[] = [];
  const files: unknown[] = [];
  try {
    // Stored a few at a time (at most PUT_AT_ONCE or PUT_BYTES_AT_ONCE of bytes in flight):
    // one by one, 200 attachments took seconds of round trips. Each group is settled before
    // the next, so every object written is known when a later one fails.
    let group: { path: string; bytes: Uint8Array; type: string; image: boolean }[] = [];
    let groupBytes = 0;
    const putGroup = async () => {
      const puts = await Promise.allSettled(
        group.map(({ path, bytes, type }) => {
          const fileName = path.split('/').at(-1)!.slice(0, 300);
          return bucket.put(keyOf(path), bytes, { httpMetadata: { contentType: type, contentDisposition: contentDisposition('inline', fileName) }, customMetadata: { userId: String(userId), fileName } });
        }),
      );
      puts.forEach((put, i) => put.status === 'fulfilled' && stored.push(keyOf(group[i]!.path)));
      const failed = puts.find((put): put is PromiseRejectedResult => put.status === 'rejected');
      if (failed) throw failed.reason;
      for (const { path, bytes, type, image } of group) {
        files.push({ key: keyOf(path), file_name: path.split('/').at(-1)!.slice(0, 300), mime_type: type, size: bytes.byteLength, kind: image ? 'image' : 'audio', created_at: now });
      }
      group = [];
      groupBytes = 0;
    };
    for (const path of wanted.filter((p) => !held.has(keyOf(p)))) {
      const bytes = reading(() => archive.read(entryOf.get(path)!, MAX_UPLOAD_BYTES));
      const image = sniffImageType(bytes);
      const type = image ?? sniffAudioType(bytes);
      if (!type) continue;
      if (group.length && (group.length === PUT_AT_ONCE || groupBytes + bytes.byteLength > PUT_BYTES_AT_ONCE)) await putGroup();
      group.push({ path, bytes, type, image: !!image });
      groupBytes += bytes.byteLength;
    }
    if (group.length) await putGroup();
    const present = new Set([...held, ...stored]);
    refuseMissingOcclusionImages(plan, (address) => present.has(userFileKey(userId, address.split('/').at(-1)!)));
    const header: BackupHeader = { format_version: 1, account: { time_zone: null }, preferences: null };
    let dailyNotes = 0;
    // Staged a piece of pages at a time with their links already made: one piece's documents are in memory at once.
    const result = await importInPieces({ d1, userId, header, merge: true, linked: true }, now, async (stage) => {
      for (const piece of vaultSectionPieces(plan, existing, now)) {
        for (const [section, rows] of Object.entries(piece.sections) as [SectionName, unknown[]][]) {
          if (rows.length) await stage(section, rows, section === 'concepts' || section === 'note_blocks' ? piece.linkParts[section] : undefined);
        }
        dailyNotes += piece.sections.daily_notes?.length ?? 0;
      }
      if (files.length) await stage('files', files);
    });
    return { ...result, message: 'Markdown vault imported successfully', daily_notes: dailyNotes, attachments: files.length };
  } catch (error) {
    // Only bytes this import stored go: an earlier import's files stay with their pages.
    if (stored.length) await bucket.delete(stored);
    throw error;
  }
}
