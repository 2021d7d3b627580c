/**
 * A restore (JSON backup) or a Markdown vault import stores each `[[Title]]` as the link
 * typing it makes, like every other write (wiki-link-writes.ts, domain/wiki-links.ts): a
 * concept link when a concept has that title — one of the same import counts, before
 * any of the account's — and a placeholder otherwise.
 *
 * Runs on the staged rows just before the switch. A concept of the same import has no id
 * yet, so a link to it is staged as cut JSON (`link_parts`) that the switch batch puts
 * together once the concept exists (db/queries/data-import.ts): the links land in the
 * same transaction as the rest of the import, or not at all.
 */
import {
  restageLinkedStatement,
  stagedConceptTitlesStatement,
  stagedRowsStatement,
  stagedTextsToLinkStatement,
  type LinkedSection as Section,
} from '../db/queries/data-import';
import { allRows } from '../db/rows';
import { docToPlainText, isRichDoc, type RichDoc } from '../domain/richtext';
import { cutAtStandIns, linkWikiTitles, standInId, titleKey, wikiLinkNames, type LinkableConcept } from '../domain/wiki-links';
import { conceptsNamed, linkableBlockDoc } from './wiki-link-writes';

/** Rows read and rewritten at a time: at most this many, and this many bytes of them (but at least one). */
const PAGE_ROWS = 200;
const PAGE_BYTES = 4 * 1024 * 1024;

/** The document a staged row's links are made in, or null when it has none to make. */
function stagedDoc(section: Section, row: Record<string, unknown>): RichDoc | null {
  if (section === 'note_blocks') return typeof row.text === 'string' ? linkableBlockDoc(row.text) : null;
  if (isRichDoc(row.content)) return row.content;
  return typeof row.content === 'string' ? linkableBlockDoc(row.content) : null;
}

/** Pages of rows to read together, in the order found. */
function pages(rows: { section: Section; seq: number; size: number }[]) {
  const out: { section: Section; seqs: number[] }[] = [];
  let bytes = 0;
  for (const row of rows) {
    const last = out.at(-1);
    if (last && last.section === row.section && last.seqs.length < PAGE_ROWS && bytes + row.size <= PAGE_BYTES) {
      last.seqs.push(row.seq);
      bytes += row.size;
    } else {
      out.push({ section: row.section, seqs: [row.seq] });
      bytes = row.size;
    }
  }
  return out;
}

/**
 * Makes the links of the import's staged texts. When merging, the account's concepts count
 * too (after the import's own); a replace empties the account first, so only the import's do.
 */
export async function linkStagedWikiTitles(d1: D1Database, userId: number, importId: string, merge: boolean): Promise<void> {
  const found = await allRows(stagedTextsToLinkStatement(d1, importId));
  if (!found.length) return;
  const staged = await allRows(stagedConceptTitlesStatement(d1, importId));
  const uids = staged.map((c) => c.uid);
  const byKey = new Map<string, LinkableConcept>();
  staged.forEach((c, i) => {
    const key = titleKey(c.title);
    if (!byKey.has(key)) byKey.set(key, { id: standInId(i), title: c.title });
  });
  for (const page of pages(found)) {
    const rows = await allRows(stagedRowsStatement(d1, importId, page.section, page.seqs));
    const docs = rows.map((r) => {
      const row = JSON.parse(r.row) as Record<string, unknown>;
      return { seq: r.seq, doc: stagedDoc(page.section, row) };
    });
    const names = docs.flatMap((d) => (d.doc ? wikiLinkNames(d.doc) : []));
    const outside = merge ? names.filter((name) => !byKey.has(titleKey(name))) : [];
    const account = outside.length ? await conceptsNamed(d1, userId, outside) : [];
    const writes: D1PreparedStatement[] = [];
    for (const { seq, doc } of docs) {
      if (!doc) continue;
      const named = wikiLinkNames(doc).flatMap((name) => byKey.get(titleKey(name)) ?? []);
      const linked = linkWikiTitles(doc, [...named, ...account]);
      if (linked === doc) continue;
      const json = JSON.stringify(linked);
      writes.push(restageLinkedStatement(d1, importId, page.section, seq, json, docToPlainText(linked), cutAtStandIns(json, uids)));
    }
    if (writes.length) await d1.batch(writes);
  }
}
