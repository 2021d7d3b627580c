import { describe, expect, it } from 'vitest';
import { digestMessage, sessionEvents, type SessionOutcome } from '../../worker/src/domain/notification-events';

const outcome = (changes: Partial<SessionOutcome> = {}): SessionOutcome => ({
  sessionId: 7,
  cardsReviewed: 12,
  ratingSum: 38,
  streakDays: 1,
  dayKey: '2026-03-04',
  totalReviews: 40,
  ...changes,
});

describe('what a finished session tells', () => {
  it('summarises the session, in French, linking to its summary', () => {
    expect(sessionEvents(outcome())).toEqual([
      { kind: 'progress', key: 'session-7', title: 'Session terminée', body: '12 cartes révisées, note moyenne 3,2 / 4.', url: '/study/summary/7' },
    ]);
    expect(sessionEvents(outcome({ cardsReviewed: 1, ratingSum: 4 }))[0]!.body).toBe('1 carte révisée, note moyenne 4,0 / 4.');
  });

  it('tells nothing for a session where nothing was answered', () => {
    expect(sessionEvents(outcome({ cardsReviewed: 0, ratingSum: 0, streakDays: 7 }))).toEqual([]);
  });

  it('marks a streak milestone once per day it is reached, and not between milestones', () => {
    const streak = sessionEvents(outcome({ streakDays: 7 })).find((e) => e.kind === 'achievement')!;
    expect(streak).toMatchObject({ key: 'streak-7-2026-03-04', title: 'Série de 7 jours !' });
    expect(sessionEvents(outcome({ streakDays: 8 })).filter((e) => e.kind === 'achievement')).toEqual([]);
  });

  it('marks the largest answer milestone this session crossed, once ever', () => {
    const crossed = (before: number, answered: number) =>
      sessionEvents(outcome({ cardsReviewed: answered, ratingSum: answered * 3, totalReviews: before + answered })).filter((e) => e.kind === 'achievement').map((e) => [e.key, e.title]);
    expect(crossed(95, 10)).toEqual([['reviews-100', '100 révisions !']]);
    expect(crossed(100, 10)).toEqual([]);
    expect(crossed(450, 600)).toEqual([['reviews-1000', '1\u00a0000 révisions !']]);
  });
});

describe('one push for what waits', () => {
  it('sends a single event as itself and several as a digest to the dashboard', () => {
    const [progress] = sessionEvents(outcome());
    expect(digestMessage([progress!])).toEqual({ title: 'Session terminée', body: '12 cartes révisées, note moyenne 3,2 / 4.', url: '/study/summary/7' });
    const events = sessionEvents(outcome({ streakDays: 3 }));
    expect(digestMessage(events)).toEqual({
      title: 'Astrolabe — 2 nouvelles',
      body: 'Session terminée — 12 cartes révisées, note moyenne 3,2 / 4.\nSérie de 3 jours ! — Vous avez étudié 3 jours de suite. Revenez demain pour la prolonger.',
      url: '/dashboard',
    });
  });
});
