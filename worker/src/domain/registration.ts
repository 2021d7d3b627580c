/**
 * Registration and login rules (spec document 1 §5), shared by the register form and
 * the API so that both say the same thing in the same words.
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
// One @, something on each side, a dot in the domain, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  username: "Le nom d'utilisateur doit contenir 3-20 caractères (lettres, chiffres, _)",
  email: "Format d'email invalide",
  passwordPrefix: 'Le mot de passe doit contenir ',
  confirm: 'Les mots de passe ne correspondent pas',
  terms: "Vous devez accepter les conditions d'utilisation et la politique de confidentialité",
  form: 'Veuillez corriger les erreurs dans le formulaire.',
} as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(normaliseEmail(email)) && normaliseEmail(email).length <= 254;
}

/** The items a password still lacks, in the spec's words; empty when it is acceptable. */
export function missingPasswordItems(password: string): string[] {
  const missing: string[] = [];
  if (password.length < 8) missing.push('au moins 8 caractères');
  if (!/[A-Z]/.test(password)) missing.push('une majuscule');
  if (!/[a-z]/.test(password)) missing.push('une minuscule');
  if (!/[0-9]/.test(password)) missing.push('un chiffre');
  if (!/[^A-Za-z0-9]/.test(password)) missing.push('un caractère spécial');
  return missing;
}

export function passwordMessage(password: string): string | null {
  const missing = missingPasswordItems(password);
  return missing.length ? MESSAGES.passwordPrefix + missing.join(', ') : null;
}

export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

/** Field errors of the register form; an empty object means the form may be sent. */
export function validateRegistration(form: RegistrationForm): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!isValidUsername(form.username)) errors.username = MESSAGES.username;
  if (!isValidEmail(form.email)) errors.email = MESSAGES.email;
  const password = passwordMessage(form.password);
  if (password) errors.password = password;
  if (form.password !== form.confirmPassword) errors.confirmPassword = MESSAGES.confirm;
  if (!form.acceptTerms) errors.acceptTerms = MESSAGES.terms;
  return errors;
}

/** The login button is enabled only with a non-blank identifier and a password. */
export function canSubmitLogin(identifier: string, password: string): boolean {
  return identifier.trim().length > 0 && password.length > 0;
}
