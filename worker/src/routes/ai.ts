import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { aiConfig, chooseProvider, generateFlashcards } from '../services/ai/generate-flashcards';
import { critiqueFeynman } from '../services/ai/feynman-critique';
import { feynmanCritiqueBody, generateBody } from './ai.schema';

/** The AI helpers: flashcard candidates and the critique of a Feynman explanation, never saved here. */
export const aiRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .post('/generate-flashcards', validate('json', generateBody), async (c) => {
    const body = c.req.valid('json');
    const result = await generateFlashcards(c.get('db'), chooseProvider(c.env), {
      userId: c.get('userId'),
      conceptId: body.concept_id,
      count: body.number_of_cards,
      sourceText: body.source_text,
    });
    return c.json(result, 200);
  })
  .post('/feynman-critique', validate('json', feynmanCritiqueBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await critiqueFeynman(c.get('db'), aiConfig(c.env), { userId: c.get('userId'), conceptId: body.concept_id, text: body.text }), 200);
  });
