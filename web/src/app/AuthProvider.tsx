/**
 * The auth-sync state machine (spec document 1 §4). In a browser the stored token is
 * checked; in the native app's web view stored tokens are cleared and the token is asked
 * of the host (10 s, then timeout_error). `authenticated` needs both a token and a user.
 *
 * Only the server saying no (a 401, handled by the API client) or an expired token ends a
 * session. When the server cannot be reached at start (no network, a 5xx, a timeout) the
 * person stays signed in with the profile kept from their last visit, the app says
 * 'Hors ligne', and the profile is asked for again every few seconds and when the
 * browser says it is back online.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError, configureSession, sessionRestored } from '../api/client';
import { usersApi } from '../api/users';
import { onHostMessage, postToHost, requestFromHost } from '../lib/native-bridge';
import { forgetOfflineCopies, keepProfile, keptProfile } from '../lib/offline-copies';
import { forgetReviewQueue } from '../features/flashcards/use-review-queue';
import { forgetCreationQueue } from '../features/offline/use-creation-queue';
import { pendingLossOf } from '../features/offline/use-pending-loss';
import { clearToken, isExpired, storeToken, storedToken, tokenUserId } from '../lib/token-store';
import { detectWebView, hostSignalled } from '../lib/webview';
import { AuthContext, type AuthContextValue, type AuthStatus, type CurrentUser } from '../ui/auth-context';
import { PROFILE_WAIT_MS, takeProfile } from './profile-prefetch';
import { useToast } from '../ui/Toasts';

const NATIVE_TOKEN_WAIT_MS = 10_000;
const REFRESH_WAIT_MS = 5_000;
const MAX_RETRIES = 3;
const SESSION_EXPIRED = 'Session expired. Please log in again.';
const OFFLINE_RETRY_MS = 10_000;

/** No answer, or the server failing: says nothing about the token, so the session stays. */
const serverUnreachable = (err: unknown) => err instanceof ApiRequestError && (err.status === 0 || err.status === 408 || err.status >= 500);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const isWebView = useMemo(() => detectWebView(), []);
  const [status, setStatus] = useState<AuthStatus>('initializing');
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [failureShown, setFailureShown] = useState(false);
  const [retries, setRetries] = useState(0);
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  const tokenRef = useRef<string | null>(null);
  const attempt = useRef(0);

  const fail = useCallback((next: 'auth_failed' | 'timeout_error', shown: boolean) => {
    tokenRef.current = null;
    setUser(null);
    setFailureShown(shown);
    setStatus(next);
  }, []);

  const signedIn = useCallback(
    (token: string, me: CurrentUser, reachable: boolean) => {
      // A 401 may have been answered by a fresh token from the host: remember the one in force.
      tokenRef.current = storedToken() ?? token;
      if (reachable) keepProfile(me);
      setUser(me);
      setOffline(!reachable);
      setStatus('authenticated');
      if (isWebView) postToHost({ type: 'auth-status', authenticated: true, username: me.username });
    },
    [isWebView],
  );

  const authenticate = useCallback(
    async (token: string, run: number) => {
      setStatus('authenticating');
      storeToken(token);
      sessionRestored();
      try {
        // Asked for while the app's code loaded (profile-prefetch.ts), or now.
        const me = await (takeProfile(token) ?? usersApi.me(AbortSignal.timeout(PROFILE_WAIT_MS)));
        if (run !== attempt.current) return;
        signedIn(token, me, true);
      } catch (err) {
        if (run !== attempt.current) return;
        if (serverUnreachable(err)) {
          const kept = keptProfile<CurrentUser>(tokenUserId(token) ?? 0);
          tokenRef.current = token;
          if (kept) return signedIn(token, kept, false);
          // Never signed in on this device before: nothing to show, but the token is kept.
          setOffline(true);
          return setStatus('offline');
        }
        clearToken();
        fail('auth_failed', true);
      }
    },
    [fail, signedIn],
  );

  // While the server is out of reach, ask again now and then and as soon as the browser is back online.
  useEffect(() => {
    const goneOffline = () => setOffline(true);
    window.addEventListener('offline', goneOffline);
    return () => window.removeEventListener('offline', goneOffline);
  }, []);
  useEffect(() => {
    if (!offline) return;
    const recheck = async () => {
      const token = tokenRef.current;
      if (!token) return;
      const run = attempt.current;
      try {
        const me = await usersApi.me(AbortSignal.timeout(PROFILE_WAIT_MS));
        if (run === attempt.current) signedIn(token, me, true);
      } catch {
        // still out of reach (a 401 ended the session through the API client)
      }
    };
    const timer = window.setInterval(recheck, OFFLINE_RETRY_MS);
    window.addEventListener('online', recheck);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', recheck);
    };
  }, [offline, signedIn]);

  const start = useCallback(async () => {
    const run = ++attempt.current;
    setFailureShown(false);
    if (!isWebView) {
      setStatus('checking_local');
      const token = storedToken();
      if (token && !isExpired(token)) return authenticate(token, run);
      if (token) clearToken();
      return fail('auth_failed', false);
    }
    // The host's token replaces the stored one; without a host (a browser tab on an embedded
    // path) the browser's session is the person's other tabs' and stays.
    if (hostSignalled()) clearToken();
    setStatus('waiting_native');
    const reply = await requestFromHost({ type: 'request-auth-token' }, 'auth-token', NATIVE_TOKEN_WAIT_MS);
    if (run !== attempt.current) return;
    const token = typeof reply?.token === 'string' ? reply.token : null;
    if (!reply) return fail('timeout_error', true);
    if (!token || isExpired(token)) return fail('auth_failed', true);
    setStatus('token_received');
    return authenticate(token, run);
  }, [authenticate, fail, isWebView]);

  useEffect(() => {
    void start();
  }, [start]);

  const endSession = useCallback(
    (expired: boolean, target = '/auth') => {
      attempt.current++;
      clearToken();
      tokenRef.current = null;
      // Logout or expiry: the next person on this device must not read this one's concepts.
      // An expiry keeps the answers given offline for the next sign-in (nothing warned of their loss).
      void forgetOfflineCopies({ keepPendingReviews: expired });
      if (!expired) {
        forgetReviewQueue();
        forgetCreationQueue();
      }
      setUser(null);
      setStatus('auth_failed');
      setFailureShown(false);
      if (expired) toast.error(SESSION_EXPIRED);
      if (isWebView) postToHost({ type: 'logout' });
      else navigate(target, { replace: true });
    },
    [isWebView, navigate, toast],
  );

  useEffect(() => {
    configureSession({
      isWebView: () => isWebView,
      requestFreshToken: async () => {
        const reply = await requestFromHost({ type: 'request-auth-token' }, 'auth-token', REFRESH_WAIT_MS);
        return typeof reply?.token === 'string' && !isExpired(reply.token) ? reply.token : null;
      },
      onSessionExpired: () => endSession(true),
    });
  }, [endSession, isWebView]);

  // Messages the host may send at any time: a new token, or a logout. A logout while
  // changes made offline wait to be sent is answered first with 'logout-pending' (how many,
  // and the words naming them) and the session stays: the host asks the person, then sends
  // 'logout' again with `discard_pending: true` to log out anyway.
  useEffect(
    () =>
      onHostMessage((message) => {
        if (message.type === 'logout') {
          const userId = tokenRef.current ? tokenUserId(tokenRef.current) : null;
          if (message.discard_pending === true || userId === null) return endSession(false);
          void pendingLossOf(userId).then((loss) => (loss ? postToHost({ type: 'logout-pending', ...loss }) : endSession(false)));
        } else if (message.type === 'auth-token' && typeof message.token === 'string') {
          const current = tokenRef.current;
          if (current && message.token !== current) {
            storeToken(message.token);
            window.location.reload();
          }
        }
      }),
    [endSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      offline,
      isWebView,
      failureShown,
      retriesLeft: MAX_RETRIES - retries,
      retry: () => {
        if (retries >= MAX_RETRIES) return;
        setRetries((n) => n + 1);
        void start();
      },
      acceptToken: async (token: string) => {
        const run = ++attempt.current;
        storeToken(token);
        sessionRestored();
        setStatus('authenticating');
        try {
          const me = await usersApi.me();
          tokenRef.current = token;
          keepProfile(me);
          setUser(me);
          setOffline(false);
          setStatus('authenticated');
        } catch (err) {
          if (run === attempt.current) {
            clearToken();
            fail('auth_failed', false);
          }
          throw err;
        }
      },
      logout: () => {
        setStatus('logout_progress');
        endSession(false, '/login');
      },
    }),
    [status, user, offline, isWebView, failureShown, retries, start, fail, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
