import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodSchema } from 'zod';
import { zodIssues, type ValidationIssue } from './errors';

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The path of the first string holding a lone UTF-16 surrogate (JSON's "\ud800" parses to
 * one), which storage would silently turn into U+FFFD; null when every string is well formed.
 * Iterative, so a deeply nested value cannot exhaust the stack.
 */
export function loneSurrogatePath(value: unknown): (string | number)[] | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, [...path, i]]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) stack.push([child, [...path, key]]);
    }
  }
  return null;
}

/**
 * zod validation for a request part; failures become the 422 envelope with
 * `detail` as a list of `{loc, msg, type}`. Every route also refuses a string with a lone
 * surrogate here, so no field stores replacement characters.
 */
export const validate = <T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    const where = target === 'json' || target === 'form' ? 'body' : target;
    if (!result.success) {
      return c.json({ detail: zodIssues(result.error, where), code: 'validation_error' }, 422);
    }
    const path = loneSurrogatePath(result.data);
    if (path) {
      const detail: ValidationIssue[] = [{ loc: [where, ...path], msg: 'Le texte contient un caractère invalide (substitut UTF-16 isolé).', type: 'invalid_string' }];
      return c.json({ detail, code: 'validation_error' }, 422);
    }
  });
