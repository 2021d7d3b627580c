import { describe, expect, it } from 'vitest';
import { averageText, durationText, performanceMessage, suggestions } from '../../web/src/features/study/summary-text';

describe('session summary texts', () => {
  it('computes the duration, with the fallbacks of the spec', () => {
    expect(durationText('2026-01-01T10:00:00Z', '2026-01-01T10:00:42Z')).toBe('42 s');
    expect(durationText('2026-01-01T10:00:00Z', '2026-01-01T10:07:05Z')).toBe('7 min 5 s');
    expect(durationText('2026-01-01T10:00:00Z', '2026-01-01T12:30:00Z')).toBe('2 h 30 min');
    expect(durationText(null, '2026-01-01T10:00:00Z')).toBe('Date de début indisponible');
    expect(durationText('2026-01-01T10:00:00Z', null)).toBe('Date de fin indisponible');
    expect(durationText('hier', '2026-01-01T10:00:00Z')).toBe('Dates invalides');
    expect(durationText('2026-01-01T10:00:00Z', '2026-01-01T09:00:00Z')).toBe('Durée invalide');
  });

  it('picks the performance message by average rating thresholds, every tier reachable on the 1–4 scale', () => {
    const at = (n: number) => performanceMessage(n);
    expect(new Set([at(4), at(3.5), at(3), at(2.5), at(1)]).size).toBe(5);
    // All 'Facile' (4), or three 'Facile' and one 'Bon' (3.75), earn the top message.
    expect(at(4)).toBe('Excellent ! Vous maîtrisez parfaitement ces cartes.');
    expect(at(3.75)).toBe(at(4));
    expect(at(10 / 3)).toBe('Bon travail ! Encore quelques révisions et ce sera acquis.');
    expect(at(1)).toBe(at(1.99));
  });

  it('shows the average with one decimal over 4', () => {
    expect(averageText(10 / 3)).toBe('3.3/4');
    expect(averageText(null)).toBe('0.0/4');
  });

  it('suggests finishing the cards left over', () => {
    expect(suggestions({ total_cards: 5, cards_reviewed: 3, average_rating: 3 })[0]).toContain('Il reste 2 carte(s)');
    expect(suggestions({ total_cards: 3, cards_reviewed: 3, average_rating: 3 }).some((s) => s.startsWith('Il reste'))).toBe(false);
  });
});
