/**
 * A study session's progress is derived, never counted by hand: each session card keeps
 * the rating of its latest answer in the session, and the session's cards_reviewed and
 * rating_sum are recomputed from those rows after every answer or undo. So a card
 * answered twice in one session counts once, with its latest rating.
 */

import { ApiError, notFound } from '../lib/errors';
import type { SessionCardCheck } from '../db/queries/study-session-progress';

/**
 * A card answered (or un-answered) in a session must belong to the person's session
 * (404 otherwise), and an ended session's figures are final (409).
 */
export function assertSessionCard(row: SessionCardCheck | undefined) {
  if (!row) throw notFound("Session d'étude");
  if (row.ended_at !== null) throw new ApiError(409, 'session_ended', 'Cette session est terminée.');
  if (!row.member) throw notFound('Carte de cette session');
}
