/**
 * What a screen reader says during a review: the card's question when it comes,
 * and on flip its answer and the interval each of the four ratings gives (sound links left out: the sides' buttons play them). A polite live
 * region, present before its text changes so the change is read out.
 */
import type { IntervalPreviews } from '../../api/study-sessions';
import { RATINGS } from './ratings';
import { withoutSounds } from '@domain/card-speech';

interface Props {
  question: string | null;
  answer: string | null;
  previews?: IntervalPreviews | null;
  labels?: 'dialog' | 'session';
}

export function cardAnnouncement({ question, answer, previews, labels = 'dialog' }: Props): string {
  if (question === null) return '';
  if (answer === null) return `Question : ${withoutSounds(question)}`;
  const intervals = RATINGS.map((r) => {
    const label = labels === 'dialog' ? r.dialogLabel : r.sessionLabel;
    const interval = previews?.[String(r.rating) as keyof NonNullable<IntervalPreviews>]?.interval;
    return `${r.rating} ${label}${interval ? ` : ${interval}` : ''}`;
  });
  return `Réponse : ${withoutSounds(answer)}. ${intervals.join(', ')}.`;
}

export function CardAnnouncer(props: Props) {
  return (
    <p className="sr-only" aria-live="polite" data-testid="card-announcer">
      {cardAnnouncement(props)}
    </p>
  );
}
