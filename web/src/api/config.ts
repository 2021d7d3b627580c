/** What the SPA learns of its deployment (where the party server is); types come from the Worker's route. */
import type { InferResponseType } from 'hono/client';
import { api, call } from './client';

export type DeploymentConfig = InferResponseType<typeof api.api.config.$get, 200>;

export const configApi = {
  get: () => call(api.api.config.$get()),
};
