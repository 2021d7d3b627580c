/**
 * The Privacy tab: what Astrolabe stores about the person, a way to take it all with them
 * (the Data tab's JSON export), and 'Delete my account' behind the password.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usersApi } from '../../api/users';
import { useAuth } from '../../ui/auth-context';
import { errorText } from '../../ui/error-text';
import { useToast } from '../../ui/Toasts';
import { Section } from './fields';

const STORED = [
  'Your account: username, email and a salted hash of your password (never the password itself).',
  'What you write: concepts, daily notes, constellations, tags, flashcards and uploaded files.',
  'Your study history: every review and study session, used for scheduling and statistics.',
  'Your preferences, your time zone, and the push subscription of each browser where you enabled notifications.',
];

export function PrivacyTab() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await usersApi.deleteAccount(password);
      toast.success('Your account has been deleted');
      logout();
      navigate('/login', { replace: true });
    } catch (err) {
      setError(errorText(err, 'Failed to delete the account'));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <Section title="What is stored">
        <ul className="list-disc space-y-1 py-3 pl-5 text-sm text-slate-300">
          {STORED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="py-3 text-sm text-slate-300">
          Nothing is shared with anyone else. You can download all of it at any time:{' '}
          <Link to="/settings?tab=data" className="text-nebula-400 underline">
            Export your data (JSON)
          </Link>
          .
        </p>
      </Section>
      <section className="card border-red-500/40">
        <h2 className="mb-1 text-lg font-semibold text-red-300">Delete my account</h2>
        <p className="mb-3 text-sm text-slate-300">Removes your account and all its data for good. This cannot be undone.</p>
        {!confirming ? (
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-600" onClick={() => setConfirming(true)}>
            Delete my account
          </button>
        ) : (
          <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
            <label className="block min-w-56 flex-1 text-sm">
              <span className="mb-1 block text-slate-300">Confirm with your password</span>
              <input type="password" className="field" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-600" disabled={!password || busy}>
              Delete my account permanently
            </button>
            <button type="button" className="btn-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            {error && (
              <p role="alert" className="w-full text-sm text-red-400">
                {error}
              </p>
            )}
          </form>
        )}
      </section>
    </div>
  );
}
