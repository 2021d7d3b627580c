import { describe, expect, it } from 'vitest';
import { newCard, reviewCard, STATE, type RatingValue, type StoredCard } from '@domain/fsrs';
import { formatInterval, previewIntervals } from '@domain/interval-preview';
import { buildSessionQueue, DEFAULT_NEW_CARDS_PER_DAY, pickNextSessionCard, type SessionCardState } from '@domain/study-queue';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;

describe('building a session', () => {
  const due = (id: number, overdueDays: number) => ({ id, state: STATE.Review, due: T0 - overdueDays * DAY });
  const fresh = (id: number) => ({ id, state: STATE.New, due: T0 - DAY });
  const later = (id: number, inDays: number) => ({ id, state: STATE.Review, due: T0 + inDays * DAY });

  it('puts due cards first (most overdue first), then new cards in written order, and leaves not-due cards out', () => {
    const q = buildSessionQueue([fresh(5), later(9, 3), due(2, 1), fresh(4), due(7, 5)], T0);
    expect(q.ids).toEqual([7, 2, 4, 5]);
    expect(q).toMatchObject({ due: 2, fresh: 2, ahead: 0, notDue: 1, newHeldBack: 0 });
  });

  it('caps new cards at the daily allowance (default 20) minus those already introduced today', () => {
    const cards = Array.from({ length: 30 }, (_, i) => fresh(i + 1));
    expect(buildSessionQueue(cards, T0).fresh).toBe(DEFAULT_NEW_CARDS_PER_DAY);
    const q = buildSessionQueue([due(100, 1), ...cards], T0, { newCardsPerDay: 5, newSeenToday: 2 });
    expect(q.ids).toEqual([100, 1, 2, 3]);
    expect(q.newHeldBack).toBe(27);
    expect(buildSessionQueue(cards, T0, { newCardsPerDay: 5, newSeenToday: 9 }).fresh).toBe(0);
  });

  it("adds cards not yet due only when reviewing ahead ('Réviser en avance'), after the due ones, soonest first", () => {
    const q = buildSessionQueue([later(9, 3), later(8, 1), due(2, 1)], T0, { ahead: true });
    expect(q.ids).toEqual([2, 8, 9]);
    expect(q.ahead).toBe(2);
  });

  it('respects the session limit', () => {
    expect(buildSessionQueue([due(1, 3), due(2, 2), due(3, 1)], T0, { limit: 2 }).ids).toEqual([1, 2]);
  });
});

describe('the next card in a session (requeue of failed and learning cards)', () => {
  /** Answers card `id` in the session at `now` and returns the new session state. */
  function answer(cards: SessionCardState[], stored: Map<number, StoredCard>, id: number, rating: RatingValue, now: number) {
    const next = reviewCard(stored.get(id)!, now, rating, { fuzz: false }).card;
    stored.set(id, next);
    return cards.map((c) => (c.id === id ? { ...c, answered: true, state: next.state, due: next.due } : c));
  }

  it("brings a card rated 'À nouveau' back after the others, until it passes", () => {
    const stored = new Map([1, 2, 3].map((id) => [id, newCard(T0)]));
    let cards: SessionCardState[] = [1, 2, 3].map((id, position) => ({ id, position, answered: false, state: STATE.New, due: T0 }));
    let now = T0;
    const shown: number[] = [];
    const ratings: Record<number, RatingValue[]> = { 1: [1, 3, 3], 2: [4], 3: [4] };
    for (let i = 0; i < 10; i++) {
      const id = pickNextSessionCard(cards, now);
      if (id === null) break;
      shown.push(id);
      cards = answer(cards, stored, id, ratings[id]!.shift() ?? 4, now);
      now += 10_000;
    }
    // Card 1 failed, came back after 2 and 3, then its learning step (Good → 10 min) came back too, then graduated.
    expect(shown).toEqual([1, 2, 3, 1, 1]);
    expect(stored.get(1)!.state).toBe(STATE.Review);
  });

  it('serves a learning card as soon as its step falls due, before unanswered ones', () => {
    const cards: SessionCardState[] = [
      { id: 1, position: 0, answered: true, state: STATE.Relearning, due: T0 - MIN },
      { id: 2, position: 1, answered: false, state: STATE.New, due: T0 },
    ];
    expect(pickNextSessionCard(cards, T0)).toBe(1);
  });

  it('does not bring back passed cards, nor learning cards due beyond the 20-minute learn-ahead window', () => {
    const passed: SessionCardState = { id: 1, position: 0, answered: true, state: STATE.Review, due: T0 + 3 * DAY };
    const far: SessionCardState = { id: 2, position: 1, answered: true, state: STATE.Learning, due: T0 + 30 * MIN };
    expect(pickNextSessionCard([passed, far], T0)).toBeNull();
    expect(pickNextSessionCard([passed, far], T0 + 11 * MIN)).toBe(2);
  });
});

describe('interval previews on the rating buttons', () => {
  it.each([
    [30_000, '1 min'],
    [10 * MIN, '10 min'],
    [5 * 3_600_000, '5 h'],
    [3 * DAY, '3 j'],
    [63 * DAY, '2,1 mois'],
    [60 * DAY, '2 mois'],
    [400 * DAY, '1,1 an'],
    [800 * DAY, '2,2 ans'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatInterval(ms)).toBe(text);
  });

  it("previews the four outcomes as ts-fsrs schedules them: a new card gives 1 min, 10 min, a few days for Facile", () => {
    const p = previewIntervals(newCard(T0), T0);
    expect(p[1].interval).toBe('1 min');
    expect(p[3].interval).toBe('10 min');
    expect(p[4].interval).toMatch(/^\d+ j$/);
    const real = reviewCard(newCard(T0), T0, 4, { fuzz: false }).card;
    expect(p[4].due).toBe(real.due);
    expect(p[1].due).toBeLessThan(p[2].due);
    expect(p[2].due).toBeLessThan(p[3].due);
    expect(p[3].due).toBeLessThan(p[4].due);
  });

  it('shows months for a mature card', () => {
    let card = newCard(T0);
    let time = T0;
    for (let i = 0; i < 5; i++) {
      card = reviewCard(card, time, 3, { fuzz: false }).card;
      time = card.due;
    }
    expect(previewIntervals(card, time)[4].interval).toMatch(/mois|an/);
  });
});
