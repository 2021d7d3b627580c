/**
 * Flashcards steps of Composite sessions finished without the server, kept in this browser
 * (localStorage) per person, session and concept until their result is saved; the session
 * counts them as done meanwhile, so a reload resumes after them. Their answers wait in the
 * review queue, and a step is saved only once that queue is uploaded: the server reads the
 * step's ratings from the session's answers.
 */
import { studyMethodsApi, type MethodResult } from '../../../api/study-methods';
import { PENDING_STEPS_KEY } from '../../../lib/offline-copies';
import { isUnreachable, type ReviewQueue } from '../../flashcards/review-queue';

interface PendingStep {
  user_id: number;
  session_id: number;
  concept_id: number;
}

function read(): PendingStep[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PENDING_STEPS_KEY) ?? '[]');
    return Array.isArray(list) ? (list as PendingStep[]) : [];
  } catch {
    return [];
  }
}

function write(list: PendingStep[]): void {
  try {
    if (list.length) localStorage.setItem(PENDING_STEPS_KEY, JSON.stringify(list));
    else localStorage.removeItem(PENDING_STEPS_KEY);
  } catch {
    // Storage refused: the step is saved when the page next reaches the server.
  }
}

const same = (a: PendingStep, b: PendingStep) => a.user_id === b.user_id && a.session_id === b.session_id && a.concept_id === b.concept_id;

/** The concepts of the session whose Flashcards step waits to be saved. */
export function pendingSteps(userId: number, sessionId: number): number[] {
  return read()
    .filter((p) => p.user_id === userId && p.session_id === sessionId)
    .map((p) => p.concept_id);
}

export function keepPendingStep(userId: number, sessionId: number, conceptId: number): void {
  const step = { user_id: userId, session_id: sessionId, concept_id: conceptId };
  write([...read().filter((p) => !same(p, step)), step]);
}

/**
 * Uploads the queued answers, then saves each waiting step of the session and forgets it.
 * Throws when the server is out of reach (the steps keep waiting); a step the server refuses
 * (the session ended or deleted meanwhile) is forgotten: its answers were still uploaded.
 */
export async function sendPendingSteps(queue: ReviewQueue, sessionId: number): Promise<MethodResult[]> {
  const waiting = read().filter((p) => p.user_id === queue.userId && p.session_id === sessionId);
  if (!waiting.length) return [];
  await queue.upload();
  const saved: MethodResult[] = [];
  for (const step of waiting) {
    try {
      saved.push(await studyMethodsApi.saveFlashcardsStep(sessionId, step.concept_id));
    } catch (err) {
      if (isUnreachable(err)) throw err;
    }
    write(read().filter((p) => !same(p, step)));
  }
  return saved;
}
