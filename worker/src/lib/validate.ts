import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodSchema } from 'zod';
import { zodIssues } from './errors';

/**
 * zod validation for a request part; failures become the 422 envelope with
 * `detail` as a list of `{loc, msg, type}`.
 */
export const validate = <T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json({ detail: zodIssues(result.error, target === 'json' || target === 'form' ? 'body' : target), code: 'validation_error' }, 422);
    }
  });
