/**
 * Frame of the embedded (web-view) pages: no drawer, the auth banner and the blocking
 * sync dialog. The editor itself arrives with the editor and live-sync work; until then
 * the page shows who it is signed in as, which is what the host handshake establishes.
 */
import { useAuth } from './auth';
import { Spinner } from './common';
import { AuthBanner, SyncProblemDialog } from './Shell';

export function EmbeddedShell({ title }: { title: string }) {
  const { status, user } = useAuth();
  return (
    <div className="min-h-screen">
      <AuthBanner />
      <main className="p-4">
        <h1 className="mb-2 text-lg font-semibold">{title}</h1>
        {status === 'authenticated' && user ? (
          <p data-testid="embedded-user">Connecté : {user.username}</p>
        ) : (
          <Spinner label="Chargement de l'éditeur..." />
        )}
      </main>
      <SyncProblemDialog />
    </div>
  );
}
