/** /register: 'Créer un compte' with the spec's client rules and messages (document 1 §5, §8). */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, normaliseEmail, validateRegistration, type RegistrationForm } from '@domain/registration';
import { ApiRequestError } from '../../api/client';
import { usersApi } from '../../api/users';
import { errorText } from '../../ui/error-text';
import { AuthCard } from './AuthCard';

const REDIRECT_DELAY_MS = 1500;
type Field = keyof RegistrationForm;

/** Registration's rendering (spec document 1 §8): the detail as lines, else the status. */
function registerError(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === 0) return 'Aucune réponse du serveur…';
  const status = err instanceof ApiRequestError ? err.status : 0;
  return errorText(err, `Erreur ${status}: requête refusée`, '\n');
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>({ username: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const errors = validateRegistration(form);
  const valid = Object.keys(errors).length === 0;
  const set = (field: Field, value: string | boolean) => setForm((f) => ({ ...f, [field]: value }));
  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ username: true, email: true, password: true, confirmPassword: true, acceptTerms: true });
    if (!valid) {
      setError(MESSAGES.form);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const email = normaliseEmail(form.email);
      await usersApi.register({ username: form.username, email, password: form.password });
      setSuccess('Compte créé avec succès ! Redirection vers la connexion...');
      timer.current = setTimeout(
        () => navigate('/login', { state: { message: 'Compte créé. Vous pouvez vous connecter.', identifier: form.username } }),
        REDIRECT_DELAY_MS,
      );
    } catch (err) {
      setError(registerError(err));
      setBusy(false);
    }
  }

  const input = (field: Exclude<Field, 'acceptTerms'>, label: string, type = 'text', autoComplete?: string) => (
    <div className="text-sm">
      <label htmlFor={`register-${field}`} className="mb-1 block text-slate-300">
        {label}
      </label>
      <input
        id={`register-${field}`}
        className="field"
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={form[field]}
        disabled={busy || Boolean(success)}
        aria-invalid={Boolean(shown(field))}
        aria-describedby={shown(field) ? `register-${field}-error` : undefined}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => touch(field)}
      />
      {shown(field) && (
        <span id={`register-${field}-error`} className="mt-1 block text-xs text-red-300">
          {shown(field)}
        </span>
      )}
    </div>
  );

  return (
    <AuthCard title="Créer un compte">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {input('username', "Nom d'utilisateur", 'text', 'username')}
        {input('email', 'Adresse Email', 'email', 'email')}
        {input('password', 'Mot de passe', 'password', 'new-password')}
        {input('confirmPassword', 'Confirmer le mot de passe', 'password', 'new-password')}
        <label className="flex items-start gap-2 text-sm text-slate-300">
          <input type="checkbox" name="acceptTerms" className="mt-1" checked={form.acceptTerms} disabled={busy} onChange={(e) => set('acceptTerms', e.target.checked)} />
          <span>J'accepte les conditions d'utilisation et la politique de confidentialité</span>
        </label>
        {error && (
          <p role="alert" className="whitespace-pre-line text-sm text-red-300">
            {error}
          </p>
        )}
        {success && (
          <p role="status" className="text-sm text-emerald-300">
            {success}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={!valid || busy || Boolean(success)}>
          {busy ? 'Création...' : 'Créer mon compte'}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-400">
        Déjà un compte ?{' '}
        <Link className="text-nebula-400 hover:underline" to="/login">
          Se connecter
        </Link>
      </p>
    </AuthCard>
  );
}
