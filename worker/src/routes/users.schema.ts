import { z } from 'zod';
import { MESSAGES, isValidEmail, normaliseEmail, passwordMessage, USERNAME_PATTERN } from '../domain/registration';

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
