import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { titleKey } from '../domain/title-matcher';
import { quickConcepts, quickNotes } from '../db/queries/search';
import { runBatch } from '../db/rows';
import { presentConceptHit, presentConstellationHit, presentFlashcardHit, presentNoteHit } from '../presenters/search';
import { globalSearch } from '../services/global-search';
import { quickSearchQuery, searchQuery } from './search.schema';

/** Notes the quick switcher lists under the concepts. */
const QUICK_NOTES = 5;

/**
 * Global search (spec document 3 §2.2, §3, §7 GET /search) and the quick switcher. Only the
 * signed-in person's concepts, flashcards, note blocks and constellations are searched.
 * With `type`, only that kind is read (a tab turning its page); the other lists are empty
 * and their totals null.
 */
export const searchRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', validate('query', searchQuery), async (c) => {
    const { q, skip, limit, type } = c.req.valid('query');
    const hits = await globalSearch({ d1: c.get('db'), userId: c.get('userId'), q, skip, limit, type });
    const body = {
      search_term: q,
      results: {
        concepts: hits.concepts?.rows.map(presentConceptHit) ?? [],
        flashcards: hits.flashcards?.rows.map(presentFlashcardHit) ?? [],
        notes: hits.notes?.rows.map(presentNoteHit) ?? [],
        constellations: hits.constellations?.rows.map(presentConstellationHit) ?? [],
      },
      total_concepts: hits.concepts?.total ?? null,
      total_flashcards: hits.flashcards?.total ?? null,
      total_notes: hits.notes?.total ?? null,
      total_constellations: hits.constellations?.total ?? null,
    };
    return c.json(body, 200);
  })
  .get('/quick', validate('query', quickSearchQuery), async (c) => {
    const { q, limit } = c.req.valid('query');
    const phrase = titleKey(q);
    const words = phrase.split(' ').filter(Boolean);
    const userId = c.get('userId');
    // Before a letter is typed, the recent notes alone open the switcher.
    const notesRead = quickNotes(c.get('db'), userId, phrase, QUICK_NOTES);
    const conceptsRead = words.length ? quickConcepts(c.get('db'), userId, phrase, words, limit) : null;
    const read = await runBatch(c.get('db'), conceptsRead ? [notesRead, conceptsRead] : [notesRead]);
    // Notes whose date holds the typed text, or whose title does, accents ignored.
    const noteRows = JSON.parse(read(notesRead)[0]?.list ?? '[]') as [number, string, string | null][];
    const matching = phrase ? noteRows.filter(([, date, title]) => date.includes(phrase) || (title !== null && titleKey(title).includes(phrase))) : noteRows;
    return c.json(
      {
        concepts: (conceptsRead ? read(conceptsRead) : []).map((r) => ({ id: r.id, title: r.title })),
        notes: matching.slice(0, QUICK_NOTES).map(([id, date, title]) => ({ id, date, title })),
      },
      200,
    );
  });
