import type { D1Migration } from '@cloudflare/vitest-pool-workers';
import type { Env as WorkerEnv } from '../../worker/src/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The loopback page server of the import tests (tests/support/page-server.ts). */
      PAGE_SERVER_ORIGIN: string;
      /** The loopback OpenAI-compatible chat service (tests/support/chat-server.mjs); unset as AI_BASE_URL, so the app stays offline unless a test passes it. */
      CHAT_SERVER_ORIGIN: string;
      /** The real Anki packages of tests/fixtures/anki, file name → base64 (tests/api/vitest.config.ts). */
      ANKI_FIXTURES: Record<string, string>;
      VAULT_FIXTURES: Record<string, Record<string, string>>;
      /** tests/fixtures/card-tables/*.csv|txt, file name → text. */
      CARD_TABLE_FIXTURES: Record<string, string>;
    }
  }
}
