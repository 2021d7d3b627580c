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
import { titleKey } from './wiki-links';
import type { VaultSchedule } from './vault-cards';
import { stableHex, type VaultPlan } from './vault-pages';

const DAY_MS = 86_400_000;

/** What the account already holds of this vault, read before the switch. */
export interface VaultExisting {
  conceptUids: Set<string>;
  cardUids: Set<string>;
  blockUids: Set<string>;
  /** Days that already have a daily note, with the last block's place in it. */
  lastBlockOfDay: Map<string, number>;
  /** The account's concepts by title key (first one), for links to pages outside the vault. */
  conceptByTitleKey: Map<string, string>;
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

/** The vault's new objects as backup sections (files are added by the caller, once stored). */
export function vaultSections(plan: VaultPlan, existing: VaultExisting, now: number): Sections {
  const sections = emptySections();
  const target = new Map(existing.conceptByTitleKey);
  // A title in the vault names its page before any same-titled concept already in the account.
  for (const c of [...plan.concepts].reverse()) target.set(titleKey(c.title), c.uid);
  const fresh = newCard(now);
  for (const concept of plan.concepts) {
    const isNew = !existing.conceptUids.has(concept.uid);
    if (isNew) {
      const doc = pageDoc(concept.markdown);
      sections.concepts.push({ uid: concept.uid, title: concept.title, content: doc.content?.length ? doc : null, content_text: docToPlainText(doc), tags: concept.tags, created_at: now, updated_at: now });
      if (concept.parentUid) sections.concept_relations.push({ parent_uid: concept.parentUid, child_uid: concept.uid });
      for (const title of concept.links) {
        const to = target.get(titleKey(title));
        if (to && to !== concept.uid) sections.concept_links.push({ uid: `md-${stableHex(`link:${concept.uid}>${to}`)}`, concept_uid: concept.uid, target_concept_uid: to, link_type: 'wiki', created_at: now });
      }
    }
    const seen = new Set<string>();
    for (const card of concept.cards) {
      const uid = cardUid(card.from ?? concept.path ?? concept.uid, card.question);
      if (seen.has(uid) || existing.cardUids.has(uid)) continue;
      seen.add(uid);
      const state = card.schedule ? scheduledCard(card.schedule) : fresh;
      sections.flashcards.push({
        uid, concept_uid: concept.uid, question: card.question.slice(0, 100_000), answer: card.answer.slice(0, 100_000), tags: concept.tags,
        due: state.due, stability: state.stability, difficulty: state.difficulty, elapsed_days: state.elapsedDays, scheduled_days: state.scheduledDays,
        learning_steps: state.learningSteps, state: state.state, reps: state.reps, lapses: state.lapses, last_review: state.lastReview, created_at: now, updated_at: now,
      });
    }
  }
  for (const note of plan.dailyNotes) {
    const last = existing.lastBlockOfDay.get(note.date);
    if (last === undefined) sections.daily_notes.push({ date: note.date, title: null, created_at: now, updated_at: now });
    note.blocks.forEach((block, i) => {
      if (existing.blockUids.has(block.uid)) return;
      const doc = pageDoc(block.markdown);
      sections.note_blocks.push({ uid: block.uid, note_date: note.date, text: JSON.stringify(doc), plain_text: docToPlainText(doc), order_idx: (last ?? -1) + 1 + i, created_at: now, updated_at: now });
      for (const title of block.links) {
        const to = target.get(titleKey(title));
        if (to) sections.block_mentions.push({ block_uid: block.uid, concept_uid: to });
      }
    });
  }
  return sections;
}
