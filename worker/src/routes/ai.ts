import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { chooseProvider, generateFlashcards } from '../services/ai/generate-flashcards';
import { generateBody } from './ai.schema';

/** AI flashcard generation: candidates only, never saved here. */
export const aiRoutes = new Hono<AppEnv>().use('*', requireUser).post('/generate-flashcards', validate('json', generateBody), async (c) => {
  const body = c.req.valid('json');
  const result = await generateFlashcards(c.get('db'), chooseProvider(c.env), {
    userId: c.get('userId'),
    conceptId: body.concept_id,
    count: body.number_of_cards,
    sourceText: body.source_text,
  });
  return c.json(result, 200);
});
