/**
 * A planned vault (vault-pages.ts) as the sections of a JSON backup, so that it goes
 * through the backup's staging and one-batch switch like a restore. Only what the
 * account does not hold yet is written: a page, card or block imported before is left
 * as the person may since have edited it, so importing the same vault again adds nothing
 * and overwrites nothing.
 */
import { SECTION_NAMES, type SectionName } from './data-format';
import { newCard, type StoredCard } from './fsrs';
import { markdownToDoc } from './markdown';
import { docToPlainText, type RichDoc, type RichNode } from './richtext';
import { cutAtStandIns, linkWikiTitlesBy, standInId, titleKey, type LinkableConcept } from './wiki-links';
import type { VaultSchedule } from './vault-cards';
import { stableHex, stableUuid, type VaultPlan } from './vault-pages';
import { occlusionGroupCards, type CardOcclusion } from './image-occlusion';
import { OCCLUSION_BLOCK_INFO } from './vault-occlusion';

const DAY_MS = 86_400_000;

/** A concept of the account a page may link to by its title. */
export interface AccountConcept {
  uid: string;
  id: number;
  title: string;
}

/** What the account already holds of this vault, read before the switch. */
export interface VaultExisting {
  conceptUids: Set<string>;
  cardUids: Set<string>;
  blockUids: Set<string>;
  /** Days that already have a daily note, with the last block's place in it. */
  lastBlockOfDay: Map<string, number>;
  /** The account's concepts by title key (first one), for links to pages outside the vault. */
  conceptByTitleKey: Map<string, AccountConcept>;
}

export type Sections = Record<SectionName, unknown[]>;

/** Every section of a backup, each empty: what an import built from another format fills. */
export function emptySections(): Sections {
  const sections: Partial<Sections> = {};
  for (const name of SECTION_NAMES) sections[name] = [];
  return sections as Sections;
}

const cardUid = (page: string, question: string) => `md-${stableHex(`card:${page}\n${question}`)}`;

/**
 * A card the note app had scheduled, as a review card due when the app had it due: its
 * interval is its stability's first estimate (FSRS's own reading of an SM-2 history
 * without its answers) and its ease its difficulty's — 2.5, the starting ease, is the
 * middle of FSRS's 1–10; each 0.25 less (an answer 'Difficile' or 'À revoir') one more.
 */
export function scheduledCard(schedule: VaultSchedule): StoredCard {
  const interval = Math.max(1, schedule.intervalDays);
  return {
    due: schedule.due, stability: interval, difficulty: Math.min(10, Math.max(1, 5 - (schedule.ease - 2.5) * 4)),
    elapsedDays: 0, scheduledDays: interval, learningSteps: 0, state: 2, reps: schedule.reviews, lapses: 0, lastReview: schedule.due - interval * DAY_MS,
  };
}

const ALIASED_LINK = /\[\[([^[\]|\n]+)\|([^[\]\n]+)\]\]/g;
const KEEPS_BRACKETS = new Set(['code', 'link']);

/**
 * `[[Page|alias]]` written as text in a document becomes the alias shown under a
 * placeholder for Page — which the import's linking makes a link to Page once it knows
 * Page's concept —, so a page reads as the person wrote it.
 */
export function aliasedLinks(node: RichNode): RichNode {
  if (!Array.isArray(node.content) || node.type === 'codeBlock') return node;
  const content = node.content.flatMap((child): RichNode[] => {
    if (typeof child.text !== 'string') return [aliasedLinks(child)];
    if (!child.text.includes('|') || child.marks?.some((m) => KEEPS_BRACKETS.has(m.type ?? ''))) return [child];
    const pieces: RichNode[] = [];
    let at = 0;
    for (const match of child.text.matchAll(ALIASED_LINK)) {
      if (match.index! > at) pieces.push({ ...child, text: child.text.slice(at, match.index) });
      pieces.push({ ...child, text: match[2]!.trim(), marks: [...(child.marks ?? []), { type: 'pendingConceptLink', attrs: { name: match[1]!.trim() } }] });
      at = match.index! + match[0].length;
    }
    if (at < child.text.length) pieces.push({ ...child, text: child.text.slice(at) });
    return pieces;
  });
  return { ...node, content };
}

const pageDoc = (markdown: string) => aliasedLinks(markdownToDoc(markdown)) as RichDoc;

/** Concepts, cards and daily-note blocks made per piece: what one piece holds in memory at once. */
export const VAULT_PIECE_PAGES = 400;

/** One piece of the vault's new objects: backup sections, and each linked text's cut for the switch by row index. */
export interface VaultPiece {
  sections: Partial<Sections>;
  linkParts: { concepts: (string[] | null)[]; note_blocks: (string[] | null)[] };
}

/**
 * A page's document with its `[[Title]]`s made into links, as the restore's linking pass
 * makes them (services/import-wiki-links.ts), but here, before staging: a title of the
 * vault names its new concept (by a stand-in id, cut out for the switch), else the
 * account's concept of that title, else the link stays a placeholder.
 */
function linker(plan: VaultPlan, existing: VaultExisting) {
  const uids: string[] = [];
  const byKey = new Map<string, LinkableConcept>();
  for (const c of plan.concepts) {
    if (existing.conceptUids.has(c.uid)) continue;
    const key = titleKey(c.title);
    if (!byKey.has(key)) byKey.set(key, { id: standInId(uids.length), title: c.title });
    uids.push(c.uid);
  }
  for (const [key, c] of existing.conceptByTitleKey) if (!byKey.has(key)) byKey.set(key, { id: c.id, title: c.title });
  const keys = new Map<string, string>();
  const keyOf = (name: string) => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = titleKey(name)));
    return key;
  };
  return (doc: RichDoc) => {
    const linked = linkWikiTitlesBy(doc, (name) => byKey.get(keyOf(name)));
    const json = JSON.stringify(linked);
    return { doc: linked, json, parts: linked === doc ? null : cutAtStandIns(json, uids) };
  };
}

/**
 * The vault's new objects as backup sections, a piece of pages at a time (files are
 * added by the caller, once stored). Every text is linked before it is staged.
 */
export function* vaultSectionPieces(plan: VaultPlan, existing: VaultExisting, now: number): Generator<VaultPiece> {
  const target = new Map([...existing.conceptByTitleKey].map(([key, c]) => [key, c.uid]));
  // A title in the vault names its page before any same-titled concept already in the account.
  for (const c of [...plan.concepts].reverse()) target.set(titleKey(c.title), c.uid);
  const link = linker(plan, existing);
  const fresh = newCard(now);
  for (let at = 0; at < plan.concepts.length; at += VAULT_PIECE_PAGES) {
    const piece: VaultPiece = { sections: { concepts: [], concept_relations: [], concept_links: [], flashcards: [] }, linkParts: { concepts: [], note_blocks: [] } };
    const { concepts, concept_relations: relations, concept_links: links, flashcards } = piece.sections as Sections;
    for (const concept of plan.concepts.slice(at, at + VAULT_PIECE_PAGES)) {
      if (!existing.conceptUids.has(concept.uid)) {
        const { doc, parts } = link(pageDoc(concept.markdown));
        concepts.push({ uid: concept.uid, title: concept.title, content: doc.content?.length ? doc : null, content_text: docToPlainText(doc), tags: concept.tags, created_at: now, updated_at: now });
        piece.linkParts.concepts.push(parts);
        if (concept.parentUid) relations.push({ parent_uid: concept.parentUid, child_uid: concept.uid });
        for (const title of concept.links) {
          const to = target.get(titleKey(title));
          if (to && to !== concept.uid) links.push({ uid: `md-${stableHex(`link:${concept.uid}>${to}`)}`, concept_uid: concept.uid, target_concept_uid: to, link_type: 'wiki', created_at: now });
        }
      }
      const seen = new Set<string>();
      const page = concept.path ?? concept.uid;
      const pushCard = (uid: string, card: { question: string; answer: string; occlusion?: CardOcclusion }, state: StoredCard) => {
        seen.add(uid);
        flashcards.push({
          uid, concept_uid: concept.uid, question: card.question.slice(0, 100_000), answer: card.answer.slice(0, 100_000), tags: concept.tags, occlusion: card.occlusion ?? null,
          due: state.due, stability: state.stability, difficulty: state.difficulty, elapsed_days: state.elapsedDays, scheduled_days: state.scheduledDays,
          learning_steps: state.learningSteps, state: state.state, reps: state.reps, lapses: state.lapses, last_review: state.lastReview, created_at: now, updated_at: now,
        });
      };
      for (const card of concept.cards) {
        const uid = cardUid(card.from ?? page, card.question);
        if (!seen.has(uid) && !existing.cardUids.has(uid)) pushCard(uid, card, card.schedule ? scheduledCard(card.schedule) : fresh);
      }
      // A group is recognised as a whole, as a card by its question: by its page and its key there.
      for (const group of concept.occlusions) {
        const cards = occlusionGroupCards({ ...group, group: stableUuid(`occlusion:${page}\n${group.key}`) });
        const uids = cards.map((card) => cardUid(page, `${OCCLUSION_BLOCK_INFO}:${group.key}#${card.occlusion.shapes[card.occlusion.target]!.ordinal}`));
        if (uids.some((uid) => seen.has(uid) || existing.cardUids.has(uid))) continue;
        cards.forEach((card, i) => pushCard(uids[i]!, card, fresh));
      }
    }
    yield piece;
  }
  for (let at = 0; at < plan.dailyNotes.length; at += VAULT_PIECE_PAGES) {
    const piece: VaultPiece = { sections: { daily_notes: [], note_blocks: [], block_mentions: [] }, linkParts: { concepts: [], note_blocks: [] } };
    const { daily_notes: days, note_blocks: blocks, block_mentions: mentions } = piece.sections as Sections;
    for (const note of plan.dailyNotes.slice(at, at + VAULT_PIECE_PAGES)) {
      const last = existing.lastBlockOfDay.get(note.date);
      if (last === undefined) days.push({ date: note.date, title: null, created_at: now, updated_at: now });
      note.blocks.forEach((block, i) => {
        if (existing.blockUids.has(block.uid)) return;
        const { doc, json, parts } = link(pageDoc(block.markdown));
        blocks.push({ uid: block.uid, note_date: note.date, text: json, plain_text: docToPlainText(doc), order_idx: (last ?? -1) + 1 + i, created_at: now, updated_at: now });
        piece.linkParts.note_blocks.push(parts);
        for (const title of block.links) {
          const to = target.get(titleKey(title));
          if (to) mentions.push({ block_uid: block.uid, concept_uid: to });
        }
      });
    }
    yield piece;
  }
}
