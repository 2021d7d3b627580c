/** Texts of the session summary (spec document 2 §2 'Session summary', §9). Pure, no imports. */

/**
 * The figures the texts need: any study session or session answer carries them. Written
 * here, not imported from api/, because this file stays pure (unit-tested without a DOM).
 */
interface SessionFigures {
  total_cards: number;
  cards_reviewed: number;
  average_rating: number | null;
}

/** Duration between start and end, or the spec's fallback texts. */
export function durationText(startedAt: string | null | undefined, endedAt: string | null | undefined): string {
  if (!startedAt) return 'Date de début indisponible';
  if (!endedAt) return 'Date de fin indisponible';
  try {
    const start = new Date(startedAt).getTime();
    const end = new Date(endedAt).getTime();
    if (Number.isNaN(start) || Number.isNaN(end)) return 'Dates invalides';
    const seconds = Math.round((end - start) / 1000);
    if (seconds < 0) return 'Durée invalide';
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    if (h > 0) return `${h} h ${m} min`;
    if (m > 0) return `${m} min ${s} s`;
    return `${s} s`;
  } catch {
    return 'Erreur de calcul de durée';
  }
}

/**
 * The performance message for an average rating on the 1–4 scale (À nouveau 1 … Facile 4):
 * every tier is reachable — mostly 'Facile' gives the top one.
 */
export function performanceMessage(average: number): string {
  if (average >= 3.7) return 'Excellent ! Vous maîtrisez parfaitement ces cartes.';
  if (average >= 3.4) return 'Très bien ! Vos souvenirs sont solides.';
  if (average >= 2.8) return 'Bon travail ! Encore quelques révisions et ce sera acquis.';
  if (average >= 2) return 'Continuez à pratiquer : la régularité paie.';
  return 'Ne vous découragez pas : chaque révision renforce votre mémoire.';
}

/** A few next steps suited to how the session went. */
export function suggestions(session: SessionFigures): string[] {
  const list: string[] = [];
  const average = session.average_rating ?? 0;
  if (session.cards_reviewed < session.total_cards) list.push(`Il reste ${session.total_cards - session.cards_reviewed} carte(s) non révisée(s) : reprenez-les dans une nouvelle session.`);
  if (session.cards_reviewed > 0 && average < 3) list.push('Relisez les concepts concernés avant votre prochaine session.');
  if (session.cards_reviewed > 0 && average >= 3) list.push('Revenez demain : les cartes dues vous attendront dans la révision FSRS.');
  if (session.cards_reviewed === 0) list.push('Aucune carte révisée : choisissez des concepts qui ont des flashcards.');
  list.push('Consultez le Dashboard pour suivre votre rétention.');
  return list;
}

/** 'n.n/4', one decimal. */
export function averageText(average: number | null | undefined): string {
  return `${(average ?? 0).toFixed(1)}/4`;
}
