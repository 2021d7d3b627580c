import { isValidTimeZone } from '../domain/study-day';
import { z } from 'zod';
import { MESSAGES, isValidEmail, normaliseEmail, passwordMessage, USERNAME_PATTERN } from '../domain/registration';
import { fsrsParamsProblem } from '../domain/fsrs-params';

export const registerBody = z.object({
  username: z.string().regex(USERNAME_PATTERN, MESSAGES.username),
  email: z
    .string()
    .max(254)
    .refine(isValidEmail, MESSAGES.email)
    .transform(normaliseEmail),
  password: z
    .string()
    .max(256, 'Le mot de passe est trop long')
    .superRefine((value, ctx) => {
      const message = passwordMessage(value);
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    }),
});

export const loginForm = z.object({
  username: z.string().trim().min(1, "Nom d'utilisateur requis").max(254),
  password: z.string().min(1, 'Mot de passe requis').max(256),
});

const base64url = (name: string) =>
  z
    .string({ errorMap: () => ({ message: `${name} must be a base64url string` }) })
    .min(1, `${name} must be a base64url string`)
    .max(200, `${name} must be a base64url string`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be a base64url string`);

/**
 * POST /users/me/fcm-token keeps the spec's name but takes a standard Web Push
 * subscription (PushSubscription.toJSON()): an https endpoint and its two RFC 8291 keys.
 * `time_zone` (IANA) places the daily reminder in the person's own day.
 */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ errorMap: () => ({ message: 'endpoint must be an https URL' }) })
    .max(2000, 'endpoint must be an https URL')
    .url('endpoint must be an https URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url('keys.p256dh'), auth: base64url('keys.auth') },
    { errorMap: () => ({ message: 'keys must hold p256dh and auth' }) },
  ),
  time_zone: z
    .string()
    .max(100)
    .refine(isValidTimeZone, 'time_zone must be an IANA time zone')
    .nullable()
    .optional(),
});


export const deleteAccountBody = z.object({ password: z.string({ errorMap: () => ({ message: 'Password required' }) }).min(1, 'Password required').max(256) });

/** PUT /users/me/fsrs-params: the optimizer's parameters, checked against FSRS's own bounds. */
const fsrsParamList = z.array(z.number()).superRefine((values, ctx) => {
  const problem = fsrsParamsProblem(values);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const fsrsParamsBody = z.object({ params: fsrsParamList });

/**
 * POST /users/me/fsrs-params/fits: a fit the page made by itself, built on the last fit it
 * read (`based_on`, the `fit.id` of GET /users/me/fsrs-params); `params` null when the fit
 * found nothing better than the parameters in use.
 */
export const fsrsFitBody = z.object({
  based_on: z.number({ errorMap: () => ({ message: 'based_on doit être un entier positif ou nul.' }) }).int('based_on doit être un entier positif ou nul.').min(0, 'based_on doit être un entier positif ou nul.'),
  params: fsrsParamList.nullable(),
});
