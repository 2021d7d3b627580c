/** /login and /auth: 'Connexion' (spec document 1 §2, §4 Login, §8 login errors). */
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { canSubmitLogin } from '@domain/registration';
import { ApiRequestError } from '../../api/client';
import { usersApi } from '../../api/users';
import { useAuth } from '../../ui/auth-context';
import { useToast } from '../../ui/Toasts';
import { AuthCard } from './AuthCard';

interface LoginState {
  message?: string;
  identifier?: string;
}

function loginErrorText(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 0) return 'Impossible de contacter le serveur. Vérifiez votre connexion.';
    if (err.status === 400 || err.status === 401 || err.status === 429) {
      return typeof err.detail === 'string' ? err.detail : "Nom d'utilisateur ou mot de passe incorrect.";
    }
    return `Erreur serveur (${err.status}).`;
  }
  return 'Une erreur inattendue est survenue.';
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { acceptToken } = useAuth();
  const incoming = (location.state ?? {}) as LoginState;
  const [identifier, setIdentifier] = useState(incoming.identifier ?? '');
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<'idle' | 'submitting' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitLogin(identifier, password) || phase === 'submitting') return;
    setPhase('submitting');
    setError(null);
    let token: string | undefined;
    try {
      token = (await usersApi.login(identifier.trim(), password)).access_token;
    } catch (err) {
      setPhase('error');
      setError(loginErrorText(err));
      return;
    }
    if (!token) {
      setPhase('error');
      setError('Réponse de connexion invalide du serveur.');
      return;
    }
    try {
      await acceptToken(token);
    } catch {
      setPhase('error');
      setError("Échec de la vérification de l'utilisateur après connexion. Le token est peut-être invalide.");
      return;
    }
    toast.success('Connexion réussie !');
    navigate('/dashboard', { replace: true });
  }

  const busy = phase === 'submitting';
  return (
    <AuthCard title="Connexion">
      {incoming.message && (
        <p role="status" className="mb-4 rounded-md border border-emerald-600/50 bg-emerald-950/60 px-3 py-2 text-sm text-emerald-100">
          {incoming.message}
        </p>
      )}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Email ou nom d'utilisateur</span>
          <input className="field" name="username" autoComplete="username" value={identifier} disabled={busy} onChange={(e) => setIdentifier(e.target.value)} autoFocus />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Mot de passe</span>
          <input className="field" name="password" type="password" autoComplete="current-password" value={password} disabled={busy} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={!canSubmitLogin(identifier, password) || busy}>
          {busy ? 'Connexion...' : 'Se connecter'}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-400">
        Pas encore de compte ?{' '}
        <Link className="text-nebula-400 hover:underline" to="/register">
          Créer un compte
        </Link>
      </p>
    </AuthCard>
  );
}
