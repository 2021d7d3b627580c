/**
 * Progress and achievement notifications, pure: what a finished study session
 * tells the person, and how several waiting events read as one push.
 * - progress: the session's summary (cards answered, mean rating);
 * - achievements: a streak of study days reaching a milestone, and the person's total
 *   answers crossing one. Each event has a key, unique per person, so ending a session
 *   twice, or two sessions on the day a streak reaches 7, never tell it twice.
 */
export type NotificationKind = 'progress' | 'achievement';

export interface NotificationEvent {
  kind: NotificationKind;
  key: string;
  title: string;
  body: string;
  url: string;
}

export const STREAK_MILESTONES = [3, 7, 14, 30, 50, 100, 200, 365, 500, 1000] as const;
export const REVIEW_MILESTONES = [100, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000] as const;

const number = (n: number) => n.toLocaleString('fr-FR').replace(/\u202f/g, '\u00a0');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

export interface SessionOutcome {
  sessionId: number;
  cardsReviewed: number;
  ratingSum: number;
  /** Consecutive study days, today included, after the session. */
  streakDays: number;
  /** The study day's key (yyyy-MM-dd) the session ended in. */
  dayKey: string;
  /** Answers the person has given in all, this session's included. */
  totalReviews: number;
}

/** The events a finished session makes; none when nothing was answered. */
export function sessionEvents(outcome: SessionOutcome): NotificationEvent[] {
  if (outcome.cardsReviewed === 0) return [];
  const mean = (outcome.ratingSum / outcome.cardsReviewed).toFixed(1).replace('.', ',');
  const events: NotificationEvent[] = [
    {
      kind: 'progress',
      key: `session-${outcome.sessionId}`,
      title: 'Session terminée',
      body: `${plural(outcome.cardsReviewed, 'carte révisée', 'cartes révisées')}, note moyenne ${mean} / 4.`,
      url: `/study/summary/${outcome.sessionId}`,
    },
  ];
  if ((STREAK_MILESTONES as readonly number[]).includes(outcome.streakDays)) {
    events.push({
      kind: 'achievement',
      key: `streak-${outcome.streakDays}-${outcome.dayKey}`,
      title: `Série de ${outcome.streakDays} jours !`,
      body: `Vous avez étudié ${outcome.streakDays} jours de suite. Revenez demain pour la prolonger.`,
      url: '/dashboard',
    });
  }
  const before = outcome.totalReviews - outcome.cardsReviewed;
  const crossed = REVIEW_MILESTONES.filter((m) => before < m && m <= outcome.totalReviews).at(-1);
  if (crossed !== undefined) {
    events.push({
      kind: 'achievement',
      key: `reviews-${crossed}`,
      title: `${number(crossed)} révisions !`,
      body: `Vous avez donné ${number(crossed)} réponses depuis vos débuts.`,
      url: '/dashboard',
    });
  }
  return events;
}

export type PushMessage = { title: string; body: string; url: string };

/** One push for everything waiting: a single event as itself, several as a digest. */
export function digestMessage(events: Pick<NotificationEvent, 'title' | 'body' | 'url'>[]): PushMessage {
  if (events.length === 1) return { title: events[0]!.title, body: events[0]!.body, url: events[0]!.url };
  return {
    title: `Astrolabe — ${events.length} nouvelles`,
    body: events.map((e) => `${e.title} — ${e.body}`).join('\n'),
    url: '/dashboard',
  };
}
