/** Tags typed as 'a, b,,c ' → ['a', 'b', 'c'] (spec document 2 §5). */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
