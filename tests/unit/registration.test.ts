import { describe, expect, it } from 'vitest';
import { canSubmitLogin, missingPasswordItems, passwordMessage, validateRegistration } from '../../worker/src/domain/registration';

const valid = { username: 'ada_99', email: 'Ada@Example.com ', password: 'Secret123!', confirmPassword: 'Secret123!', acceptTerms: true };

describe('registration rules', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it.each(['ab', 'a'.repeat(21), 'with space', 'tiret-bas', 'é_accent'])('refuses the username %j', (username) => {
    expect(validateRegistration({ ...valid, username }).username).toBe("Le nom d'utilisateur doit contenir 3-20 caractères (lettres, chiffres, _)");
  });

  it('refuses malformed emails', () => {
    for (const email of ['plain', 'a@b', '@b.co', 'a b@c.co']) expect(validateRegistration({ ...valid, email }).email).toBe("Format d'email invalide");
  });

  it('lists exactly the missing password items, in order', () => {
    expect(missingPasswordItems('abc')).toEqual(['au moins 8 caractères', 'une majuscule', 'un chiffre', 'un caractère spécial']);
    expect(passwordMessage('Abcdefg1')).toBe('Le mot de passe doit contenir un caractère spécial');
    expect(passwordMessage('Secret123!')).toBeNull();
  });

  it('needs the confirmation to match and the terms to be accepted', () => {
    const errors = validateRegistration({ ...valid, confirmPassword: 'Secret123?', acceptTerms: false });
    expect(errors.confirmPassword).toBe('Les mots de passe ne correspondent pas');
    expect(errors.acceptTerms).toBeDefined();
  });

  it('enables login only with a non-blank identifier and a password', () => {
    expect(canSubmitLogin('   ', 'x')).toBe(false);
    expect(canSubmitLogin('ada', '')).toBe(false);
    expect(canSubmitLogin(' ada ', 'x')).toBe(true);
  });
});
