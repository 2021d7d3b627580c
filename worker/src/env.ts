/** Bindings and variables of the Worker (wrangler.toml, .dev.vars, secrets). */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  /** HS256 key for access tokens; shared with the party server. */
  JWT_SECRET: string;
  /** Shared secret the party server sends in `x-internal-secret` on `/internal/*`. */
  INTERNAL_SECRET: string;
  /** Host (and port) of the party server, e.g. `127.0.0.1:1999` or `astrolabe.user.partykit.dev`. */
  PARTY_HOST?: string;
  /** `development` relaxes CORS to local hosts. */
  ENVIRONMENT?: string;
  /** Comma-separated origins allowed by CORS outside development. */
  ALLOWED_ORIGINS?: string;
  /** Failed-login window in seconds (default 900). */
  LOGIN_WINDOW_SECONDS?: string;
  /** AI provider: base URL of an OpenAI-compatible API; empty means the built-in offline generator. */
  AI_BASE_URL?: string;
  AI_MODEL?: string;
  AI_API_KEY?: string;
  /** `true` lets the import fetch private and loopback addresses (always allowed in development). */
  ALLOW_PRIVATE_FETCH?: string;
  /** Web Push: the VAPID key pair (base64url; public uncompressed P-256, private `d`) and contact. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Development and tests only: deliver every push to this loopback push service (services/push.ts). */
  PUSH_LOOPBACK_ORIGIN?: string;
  /** A self-hosted Web Push service's hosts, comma-separated, beside the browsers' own (domain/push-endpoints.ts). */
  PUSH_SERVICE_HOSTS?: string;
  /** The SPA's built files (wrangler.toml [assets]); absent in the API tests, which never build it. */
  ASSETS?: Fetcher;
  /** Origins of the native app's host pages that may frame the embedded editor pages, besides the product's own (domain/embedded-pages.ts). */
  EMBED_HOST_ORIGINS?: string;
}

export interface Variables {
  /** The request's D1 database, chosen by db/database.ts (never the DB binding directly). */
  db: D1Database;
  userId: number;
  /** The signed-in user's row, read once by `requireUser` (in flight while a read runs). */
  account: Promise<import('./db/queries/users').UserRow>;
  /** Set (by `handlerReadsAccount`) on a write whose handler reads the account in its first read batch, through `accountGuard`. */
  handlerReadsAccount?: true;
  /** On a route marked by `handlerReadsAccount`: the account check, for the handler's first `readBatch` (lib/auth.ts). */
  accountGuard?: import('./db/rows').BatchGuard<import('./db/queries/users').UserRow>;
  requestId: string;
  /** The request's time (ms), set once by `requestClock`; tests may inject it. */
  now: number;
  /** Whether FSRS interval fuzz applies (always, except in tests that turn it off). */
  fuzz: boolean;
}

export type AppEnv = { Bindings: Env; Variables: Variables };
