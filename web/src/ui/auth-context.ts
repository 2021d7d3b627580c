/**
 * The signed-in state every screen reads (spec document 1 §4). `app/AuthProvider.tsx`
 * runs the auth-sync state machine and provides this context; features only read it,
 * so the arrow points down from app/ to here.
 */
import { createContext, useContext } from 'react';
import type { CurrentUser } from '../api/users';

export type { CurrentUser };

export type AuthStatus =
  | 'initializing'
  | 'checking_local'
  | 'waiting_native'
  | 'token_received'
  | 'authenticating'
  | 'authenticated'
  | 'auth_failed'
  | 'timeout_error'
  /** A valid token, but the server could not be reached and no profile was kept on this device. */
  | 'offline'
  | 'logout_progress';

export const LOADING_STATES: AuthStatus[] = ['initializing', 'checking_local', 'waiting_native', 'token_received', 'authenticating', 'logout_progress'];

export interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  /** The server is out of reach (no network, or failing): what shows comes from this device. */
  offline: boolean;
  isWebView: boolean;
  /** True when the failure is worth a banner (a real failure, not merely "no token yet"). */
  failureShown: boolean;
  retriesLeft: number;
  retry(): void;
  /** Stores a token obtained by logging in and loads its user; throws when the user cannot be loaded. */
  acceptToken(token: string): Promise<void>;
  logout(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

