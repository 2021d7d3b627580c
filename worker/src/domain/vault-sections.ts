/**
 * A planned vault (vault-pages.ts) as the sections of a JSON backup, so that it goes
 * through the backup's staging and one-batch switch like a restore. Only what the
 * account does not hold yet is written: a page, card or block imported before is left
 * as the person may since have edited it, so importing the same vault again adds nothing
 * and overwrites nothing.
 */
import type { SectionName } from './data-format';
import { newCard } from './fsrs';
import { markdownToDoc } from './markdown';
import { docToPlainText } from './richtext';
import { titleKey } from './wiki-links';
import { stableHex, type VaultPlan } from './vault-pages';

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

export const emptySections = (): Sections =>
  Object.fromEntries(
    ['tags', 'concepts', 'concept_relations', 'concept_links', 'constellations', 'constellation_concepts', 'flashcards', 'study_sessions', 'study_session_cards', 'reviews', 'daily_notes', 'note_blocks', 'block_mentions', 'files'].map((s) => [s, []]),
  ) as unknown as Sections;

const cardUid = (page: string, question: string) => `md-${stableHex(`card:${page}\n${question}`)}`;

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
      const doc = markdownToDoc(concept.markdown);
      sections.concepts.push({ uid: concept.uid, title: concept.title, content: doc.content?.length ? doc : null, content_text: docToPlainText(doc), tags: concept.tags, created_at: now, updated_at: now });
      if (concept.parentUid) sections.concept_relations.push({ parent_uid: concept.parentUid, child_uid: concept.uid });
      for (const title of concept.links) {
        const to = target.get(titleKey(title));
        if (to && to !== concept.uid) sections.concept_links.push({ uid: `md-${stableHex(`link:${concept.uid}>${to}`)}`, concept_uid: concept.uid, target_concept_uid: to, link_type: 'wiki', created_at: now });
      }
    }
    const seen = new Set<string>();
    for (const card of concept.cards) {
      const uid = cardUid(concept.path ?? concept.uid, card.question);
      if (seen.has(uid) || existing.cardUids.has(uid)) continue;
      seen.add(uid);
      sections.flashcards.push({
        uid, concept_uid: concept.uid, question: card.question.slice(0, 100_000), answer: card.answer.slice(0, 100_000), tags: concept.tags,
        due: fresh.due, stability: fresh.stability, difficulty: fresh.difficulty, elapsed_days: fresh.elapsedDays, scheduled_days: fresh.scheduledDays,
        learning_steps: fresh.learningSteps, state: fresh.state, reps: 0, lapses: 0, last_review: null, created_at: now, updated_at: now,
      });
    }
  }
  for (const note of plan.dailyNotes) {
    const last = existing.lastBlockOfDay.get(note.date);
    if (last === undefined) sections.daily_notes.push({ date: note.date, title: null, created_at: now, updated_at: now });
    note.blocks.forEach((block, i) => {
      if (existing.blockUids.has(block.uid)) return;
      const doc = markdownToDoc(block.markdown);
      sections.note_blocks.push({ uid: block.uid, note_date: note.date, text: JSON.stringify(doc), plain_text: docToPlainText(doc), order_idx: (last ?? -1) + 1 + i, created_at: now, updated_at: now });
      for (const title of block.links) {
        const to = target.get(titleKey(title));
        if (to) sections.block_mentions.push({ block_uid: block.uid, concept_uid: to });
      }
    });
  }
  return sections;
}
