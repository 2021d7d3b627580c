/**
 * The person's knowledge as a Markdown vault that opens as is in Obsidian: one `.md` per
 * concept (front matter with its tags, its content in Markdown with `[[links]]`), a
 * concept's children in a folder beside it (`A.md` and `A/`, Obsidian's folder-note
 * layout), its flashcards in the Spaced Repetition plugin's syntax after an `%% astrolabe %%`
 * comment (hidden in Obsidian's reading view) — an image-occlusion group once, as its image
 * and an `astrolabe-occlusion` block (vault-occlusion.ts) —, attachments in `attachments/`, daily notes
 * in `Journal/YYYY-MM-DD.md`. The vault import (vault-pages.ts) reads all of it back.
 * Pure: the caller reads the rows and the attachments' bytes.
 */
import { BLOCK_SEPARATOR } from './daily-transfer';
import { docToMarkdown } from './markdown-export';
import { contentToDoc } from './richtext';
import { parseCardOcclusion, type CardOcclusion } from './image-occlusion';
import { occlusionMarkdown, vaultOcclusionData } from './vault-occlusion';

/** Where a page's own text ends and what Astrolabe adds (links, cards) begins. */
export const VAULT_EXTRA_MARKER = '%% astrolabe %%';
export const VAULT_DAILY_FOLDER = 'Journal';
export const VAULT_ATTACHMENT_FOLDER = 'attachments';
/** The files a vault's pages may show that its import stores (images and sounds), by their extension. */
export const VAULT_ATTACHMENT = /\.(png|jpe?g|gif|webp|svg|bmp|avif|mp3|m4a|ogg|oga|wav|flac|webm)$/i;
const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/webp': '.webp',
  'audio/mpeg': '.mp3', 'audio/mp4': '.m4a', 'audio/ogg': '.ogg', 'audio/wav': '.wav', 'audio/flac': '.flac', 'audio/webm': '.webm',
};

export interface ExportConcept {
  id: number;
  title: string;
  content: unknown;
  tags: string[];
}

export interface ExportVaultInput {
  concepts: ExportConcept[];
  relations: { parent_id: number; child_id: number }[];
  links: { concept_id: number; target_concept_id: number }[];
  /** Each card with its occlusion JSON (null for a question/answer card). */
  cards: { concept_id: number; question: string; answer: string; occlusion: string | null }[];
  dailyNotes: { date: string; blocks: string[] }[];
  /** The person's stored files by their address (`/api/v1/files/…`), with their names and types. */
  files: Map<string, { name: string; type: string }>;
}

export interface ExportVault {
  /** Path in the vault → Markdown text. */
  pages: Map<string, string>;
  /** Path in the vault → address of the stored file whose bytes go there. */
  attachments: Map<string, string>;
}

/** A title as a file name Obsidian accepts (no `\ / : * ? " < > | # ^ [ ]`), never empty. */
export function fileNameOf(title: string): string {
  const name = title.replace(/[\\/:*?"<>|#^[\]]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return (name || 'Sans titre').slice(0, 120);
}

/**
 * A stored file's name as the vault's attachment: an image or a sound keeps an extension
 * the import reads (a pasted 'image' gains its type's; a long name is cut before it), or
 * the import would not know the file — nor an occlusion group its image.
 */
export function attachmentName(name: string, type: string): string {
  const base = fileNameOf(name);
  const ext = EXTENSION_OF[type];
  return !ext || VAULT_ATTACHMENT.test(base) ? base : `${base.slice(0, 120 - ext.length)}${ext}`;
}

/** A unique name in its folder: `Name`, `Name (2)`, … */
function uniqueIn(taken: Set<string>, name: string, ext = ''): string {
  const [stem, dot] = ext ? [name.slice(0, name.length - ext.length), ext] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${dot}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Each concept's path without `.md`: under its first parent's folder, a cycle broken where it closes. */
function conceptPaths(concepts: ExportConcept[], relations: ExportVaultInput['relations']): Map<number, string> {
  const byId = new Map(concepts.map((c) => [c.id, c]));
  const parentOf = new Map<number, number>();
  for (const r of [...relations].sort((a, b) => a.parent_id - b.parent_id)) if (!parentOf.has(r.child_id) && byId.has(r.parent_id)) parentOf.set(r.child_id, r.parent_id);
  const paths = new Map<number, string>();
  const taken = new Map<string, Set<string>>();
  const pathOf = (id: number, seen: Set<number>): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const folder = parent !== undefined && !seen.has(parent) && seen.size < 32 ? pathOf(parent, new Set([...seen, id])) : '';
    const inFolder = taken.get(folder) ?? taken.set(folder, new Set([VAULT_DAILY_FOLDER.toLowerCase(), VAULT_ATTACHMENT_FOLDER.toLowerCase()])).get(folder)!;
    const path = (folder ? `${folder}/` : '') + uniqueIn(inFolder, fileNameOf(byId.get(id)!.title));
    paths.set(id, path);
    return path;
  };
  for (const c of [...concepts].sort((a, b) => a.id - b.id)) pathOf(c.id, new Set([c.id]));
  return paths;
}

const yamlString = (s: string) => JSON.stringify(s);

function frontMatter(concept: ExportConcept, fileName: string): string {
  const lines: string[] = [];
  if (fileName !== concept.title) lines.push(`title: ${yamlString(concept.title)}`, `aliases: [${yamlString(concept.title)}]`);
  if (concept.tags.length) lines.push(`tags: [${concept.tags.map(yamlString).join(', ')}]`);
  return lines.length ? `---\n${lines.join('\n')}\n---\n\n` : '';
}

/** One card in the plugin's syntax: `question::answer` on one line, else the sides around a `?` line (blank lines would end the card). */
export function cardMarkdown(question: string, answer: string): string {
  const side = (s: string) => s.trim().replace(/\n\s*\n/g, '\n');
  const [q, a] = [side(question), side(answer)];
  return !q.includes('\n') && !a.includes('\n') && !q.includes('::') && !a.includes('::') ? `${q}::${a}` : `${q}\n?\n${a}`;
}

/**
 * A stored document's Markdown as a vault writes it: `[[Title]]` left as a wiki link (the
 * Markdown writer escapes its brackets), a concept link as `[[Title|text]]`, and stored
 * files pointing at their copy in the vault.
 */
function vaultMarkdown(content: unknown, depth: number, titleById: Map<number, string>, attachmentOf: (address: string) => string | null): string {
  let text = docToMarkdown(contentToDoc(content)).trim();
  text = text.replace(/\\\[\\\[((?:[^\\\n]|\\.)+?)\\\]\\\]/g, (_m, inner: string) => `[[${inner.replace(/\\(.)/g, '$1')}]]`);
  text = text.replace(/\[((?:[^\]\\\n]|\\.)*)\]\(\/concepts\/(\d+)\)/g, (whole, label: string, id: string) => {
    const title = titleById.get(Number(id));
    if (!title) return whole;
    const shown = label.replace(/\\(.)/g, '$1');
    return shown && shown !== title ? `[[${title}|${shown}]]` : `[[${title}]]`;
  });
  return text.replace(/\((<?)(\/api\/v1\/files\/\d+\/[0-9a-f-]{36})>?/g, (whole, _open: string, address: string) => {
    const path = attachmentOf(address);
    return path ? `(${relativePath(path, depth)}` : whole;
  });
}

/** A vault path as a Markdown link target from a page `depth` folders down. */
const relativePath = (path: string, depth: number) => `${'../'.repeat(depth)}${path.split('/').map(encodeURIComponent).join('/')}`;

type ExportCard = ExportVaultInput['cards'][number];

/** Which group a card's occlusion belongs to: its group, or for cards made before groups, the same image, mode and shapes. */
const groupKeyOf = (o: CardOcclusion) => o.group ?? `${o.image}\n${o.mode}\n${JSON.stringify(o.shapes)}`;

/**
 * A concept's cards as its cards section writes them: a question/answer card in the
 * plugin's syntax; an image-occlusion group once, at its first card, as its image and
 * block — or, when its image is not among the person's files, as plain cards.
 */
function cardsMarkdown(cards: ExportCard[], depth: number, attachmentOf: (address: string) => string | null): string[] {
  const written = new Set<string>();
  return cards.flatMap((card) => {
    const occlusion = parseCardOcclusion(card.occlusion);
    const path = occlusion && attachmentOf(occlusion.image);
    if (!occlusion || !path) return [cardMarkdown(card.question, card.answer)];
    const key = groupKeyOf(occlusion);
    if (written.has(key)) return [];
    written.add(key);
    return [occlusionMarkdown(relativePath(path, depth), vaultOcclusionData(occlusion, card.question))];
  });
}

export function buildVault(input: ExportVaultInput): ExportVault {
  const pages = new Map<string, string>();
  const attachments = new Map<string, string>();
  const attachmentNames = new Set<string>();
  const pathOfAddress = new Map<string, string>();
  const attachmentOf = (address: string) => {
    const file = input.files.get(address);
    if (!file) return null;
    let path = pathOfAddress.get(address);
    if (!path) {
      const name = attachmentName(file.name, file.type);
      path = `${VAULT_ATTACHMENT_FOLDER}/${uniqueIn(attachmentNames, name, /\.[^.]+$/.exec(name)?.[0] ?? '')}`;
      pathOfAddress.set(address, path);
      attachments.set(path, address);
    }
    return path;
  };
  const titleById = new Map(input.concepts.map((c) => [c.id, c.title]));
  const paths = conceptPaths(input.concepts, input.relations);
  const cardsOf = new Map<number, ExportCard[]>();
  for (const card of input.cards) (cardsOf.get(card.concept_id) ?? cardsOf.set(card.concept_id, []).get(card.concept_id)!).push(card);
  const linksOf = new Map<number, string[]>();
  for (const link of input.links) {
    const title = titleById.get(link.target_concept_id);
    if (title) (linksOf.get(link.concept_id) ?? linksOf.set(link.concept_id, []).get(link.concept_id)!).push(title);
  }
  for (const concept of input.concepts) {
    const path = paths.get(concept.id)!;
    const depth = path.split('/').length - 1;
    const body = vaultMarkdown(concept.content, depth, titleById, attachmentOf);
    const written = new Set([...body.matchAll(/\[\[([^[\]|#\n]+)/g)].map((m) => m[1]!.trim()));
    const links = [...new Set(linksOf.get(concept.id) ?? [])].filter((t) => !written.has(t));
    const cards = cardsMarkdown(cardsOf.get(concept.id) ?? [], depth, attachmentOf);
    const extra = [
      ...(links.length ? [`Liens : ${links.map((t) => `[[${t}]]`).join(', ')}`] : []),
      ...(cards.length ? ['## Flashcards #flashcards', ...cards] : []),
    ];
    const text = frontMatter(concept, path.split('/').at(-1)!) + body + (extra.length ? `\n\n${VAULT_EXTRA_MARKER}\n\n${extra.join('\n\n')}` : '');
    pages.set(`${path}.md`, `${text.trim()}\n`);
  }
  for (const note of input.dailyNotes) {
    const blocks = note.blocks.map((b) => vaultMarkdown(b, 1, titleById, attachmentOf)).filter(Boolean);
    pages.set(`${VAULT_DAILY_FOLDER}/${note.date}.md`, `${blocks.join(`\n\n${BLOCK_SEPARATOR}\n\n`)}\n`);
  }
  return { pages, attachments };
}
