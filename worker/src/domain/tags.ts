/**
 * Tag names: trimmed, blanks dropped, and the same tag typed in another case is the same
 * tag (spec document 1 §5). The first spelling a person used is the one kept.
 */

export const TAG_NAME_MAX_LENGTH = 100;

/** The case-folded form of a tag name, as stored in `tags.name_key`. */
export function tagKey(name: string): string {
  return name.trim().toLowerCase();
}

export function normaliseTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = tagKey(name);
    if (!name || seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
  }
  return kept;
}

/** What a person types in a tags field: comma-separated names. */
export function parseTagInput(text: string): string[] {
  return normaliseTagNames(text.split(','));
}
