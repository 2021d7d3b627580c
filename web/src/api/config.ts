/** What the SPA learns of its deployment (where the party server is); types come from the Worker's route. */
import type { InferResponseType } from 'hono/client';
import { api, call } from './client';

export type DeploymentConfig = InferResponseType<typeof api.api.config.$get, 200>;

export const configApi = {
  get: () => call(api.api.config.$get()),
};

let partyHostPromise: Promise<string | null> | null = null;

/** Where the party server is (null: live editing not configured); asked once per page load. */
export function partyHost(): Promise<string | null> {
  partyHostPromise ??= configApi.get().then(
    (config) => config.party_host,
    (err: unknown) => {
      partyHostPromise = null;
      throw err;
    },
  );
  return partyHostPromise;
}
