import { z } from 'zod';
import { ANSWER_MAX, normaliseCardTags, QUESTION_MAX } from '../domain/flashcard-fields';
import { numberedOcclusionShape, occlusionHeader, occlusionMode, occlusionShape, occlusionShapes } from '../domain/occlusion-fields';
import { RATINGS } from '../domain/fsrs';
import { RESCHEDULE_MAX_DAYS } from '../domain/card-actions';
import { SPEECH_LANGUAGE_TAGS } from '../domain/card-speech';
import { isUploadAddress } from '../domain/card-images';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

const tags = z
  .union([z.array(z.string().max(200)).max(100), z.string().max(5000), z.null()])
  .optional()
  .transform((value) => normaliseCardTags(value));

const speechLanguage = z
  .enum(SPEECH_LANGUAGE_TAGS, { errorMap: () => ({ message: `Langue de lecture inconnue : choisissez parmi ${SPEECH_LANGUAGE_TAGS.join(', ')}.` }) })
  .nullable()
  .optional();

export const flashcardBody = z.object({
  question: z.string().trim().min(1, 'La question est obligatoire.').max(QUESTION_MAX),
  answer: z.string().trim().min(1, 'La réponse est obligatoire.').max(ANSWER_MAX),
  tags,
  /** The language a side is read aloud in; null: guessed from its text; absent: unchanged. */
  question_lang: speechLanguage,
  answer_lang: speechLanguage,
  /** The answer is typed in review and compared character by character; absent: unchanged. */
  type_answer: z.boolean({ invalid_type_error: 'type_answer doit valoir true ou false.' }).optional(),
});

export const dueQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 200)),
});

/** An answer's id on its device (online, then in the offline queue if the reply never came). */
const answerClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Identifiant client invalide (8 à 64 caractères : lettres, chiffres, - ou _).');

/** Ratings are the integers 1–4 (Again, Hard, Good, Easy); '3', 2.5 or 5 are refused. */
export const reviewBody = z.object({
  rating: z
    .number({ invalid_type_error: 'La note doit être un entier de 1 à 4.' })
    .int('La note doit être un entier de 1 à 4.')
    .refine((n): n is (typeof RATINGS)[number] => (RATINGS as readonly number[]).includes(n), 'La note doit être un entier de 1 à 4.'),
  duration_ms: z.number().int().min(0).max(86_400_000).nullish(),
  /** The device's id for the answer (kept as the log row's uid): a retry answers the review already logged. */
  client_id: answerClientId.optional(),
});

/** The most answers one upload may carry (a device uploads a longer queue in several). */
export const UPLOAD_REVIEWS_MAX = 500;
const rating = reviewBody.shape.rating;

/**
 * Answers given offline: each with its device's client id and the time it was given; and
 * cards suspended or buried offline ('Suspendre', 'Enterrer' in a study session), likewise.
 */
export const uploadReviewsBody = z
  .object({
  reviews: z
    .array(
      z.object({
        client_id: answerClientId,
        flashcard_id: z.number().int().positive(),
        rating,
        reviewed_at: z.string().datetime({ offset: true, message: 'Date de révision invalide (ISO 8601 attendu).' }),
        duration_ms: z.number().int().min(0).max(86_400_000).nullish(),
        /** The study session it was given in (a Composite session's Flashcards step offline). */
        session_id: z.number().int().positive().nullish(),
      }),
    )
    .max(UPLOAD_REVIEWS_MAX)
    .default([]),
  actions: z
    .array(
      z.object({
        client_id: answerClientId,
        flashcard_id: z.number().int().positive(),
        action: z.enum(['suspend', 'bury'], { message: 'Action invalide : suspend ou bury attendu.' }),
        done_at: z.string().datetime({ offset: true, message: 'Date de l’action invalide (ISO 8601 attendu).' }),
      }),
    )
    .max(UPLOAD_REVIEWS_MAX)
    .default([]),
  })
  .refine((body) => body.reviews.length + body.actions.length > 0, { message: 'Rien à envoyer : au moins une révision ou une action est attendue.', path: ['reviews'] })
  .refine((body) => body.reviews.length + body.actions.length <= UPLOAD_REVIEWS_MAX, { message: `Au plus ${UPLOAD_REVIEWS_MAX} révisions et actions par envoi.`, path: ['reviews'] });

/** The actions a card takes without a body (rescheduling has its own route). */
export const cardActionParam = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(['suspend', 'unsuspend', 'bury', 'unbury', 'forget']),
});

export const rescheduleBody = z.object({
  days: z
    .number({ invalid_type_error: `Le nombre de jours doit être un entier de 0 à ${RESCHEDULE_MAX_DAYS}.`, required_error: `Le nombre de jours doit être un entier de 0 à ${RESCHEDULE_MAX_DAYS}.` })
    .int(`Le nombre de jours doit être un entier de 0 à ${RESCHEDULE_MAX_DAYS}.`)
    .min(0, `Le nombre de jours doit être un entier de 0 à ${RESCHEDULE_MAX_DAYS}.`)
    .max(RESCHEDULE_MAX_DAYS, `Le nombre de jours doit être un entier de 0 à ${RESCHEDULE_MAX_DAYS}.`),
});

/** An edit of an image's zones: the version it was made from; a shape keeping its card names its cloze number (`ordinal`). */
export const occlusionEditBody = z.object({
  version: z.number({ required_error: 'La version des zones est obligatoire.' }).int().min(0),
  shapes: occlusionShapes(numberedOcclusionShape, 'Gardez au moins une zone (pour tout retirer, supprimez les cartes).'),
  mode: occlusionMode,
  header: occlusionHeader,
});

/** An image-occlusion: one of the person's uploaded images and the shapes that make one card each. */
export const occlusionBody = z.object({
  image: z.string().refine(isUploadAddress, 'L’image doit être une image téléversée dans Astrolabe (/api/v1/files/…).'),
  shapes: occlusionShapes(occlusionShape, 'Dessinez au moins une zone à masquer.'),
  mode: occlusionMode,
  header: occlusionHeader,
  tags,
});
