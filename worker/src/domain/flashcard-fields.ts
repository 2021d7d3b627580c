/** Validation rules for flashcard fields, shared by the form and the API. */
export const QUESTION_MAX = 10_000;
export const ANSWER_MAX = 10_000;
export const TAG_MAX = 50;
export const TAGS_MAX = 30;

/**
 * Tags typed as "a, b" or sent as a list: split on commas, trimmed, blanks dropped, and
 * the same tag in another case kept once (first spelling wins).
 */
export function normaliseCardTags(input: readonly string[] | string | null | undefined): string[] {
  const pieces = (typeof input === 'string' ? [input] : (input ?? [])).flatMap((t) => t.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of pieces) {
    const tag = piece.trim().slice(0, TAG_MAX);
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags.slice(0, TAGS_MAX);
}
