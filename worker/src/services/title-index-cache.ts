/**
 * A person's concept titles, indexed for the title matcher, kept in the isolate between
 * requests. Lifecycle: built on a person's first analysis (one read of every title),
 * reused while their titles' stamp (count, last id, sum of change times) is the same, rebuilt
 * when it moves; at most MAX_PEOPLE people are kept, the least recently used leaving
 * first, so an isolate's memory stays small (about 3 MB for 10,000 titles). Losing the
 * isolate only costs the next request a rebuild.
 */
import { buildTitleIndex, type TitleIndex } from '../domain/title-matcher';
import { conceptTitles, conceptTitlesStamp, type ConceptTitleRow } from '../db/queries/import';

const MAX_PEOPLE = 4;

export interface PersonTitles {
  index: TitleIndex;
  byId: Map<number, ConceptTitleRow>;
}

const kept = new Map<number, { stamp: string; titles: PersonTitles }>();

export async function personTitles(d1: D1Database, userId: number): Promise<PersonTitles> {
  // The stamp is read before the titles: a write in between leaves newer titles under an
  // older stamp, which the next request sees as changed. Never the reverse.
  const stamp = await conceptTitlesStamp(d1, userId);
  const hit = kept.get(userId);
  kept.delete(userId);
  if (hit && hit.stamp === stamp) {
    kept.set(userId, hit);
    return hit.titles;
  }
  const rows = await conceptTitles(d1, userId);
  const titles = { index: buildTitleIndex(rows), byId: new Map(rows.map((r) => [r.id, r])) };
  kept.set(userId, { stamp, titles });
  if (kept.size > MAX_PEOPLE) kept.delete(kept.keys().next().value!);
  return titles;
}
