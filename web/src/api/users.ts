/** Account calls: log in, register, who am I (spec document 1 §4); types come from the Worker's routes. */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call, callEmpty, withSignal } from './client';

export type CurrentUser = InferResponseType<typeof api.api.users.me.$get, 200>;
export type Registration = InferRequestType<typeof api.api.users.$post>['json'];

export const usersApi = {
  me: (signal?: AbortSignal) => call(api.api.users.me.$get(undefined, withSignal(signal))),
  login: (username: string, password: string) => call(api.api.auth.login.$post({ form: { username, password } })),
  register: (body: Registration) => call(api.api.users.$post({ json: body })),
  /** 'Delete my account' (Privacy tab): the password confirms it. */
  deleteAccount: (password: string) => callEmpty(api.api.users.me.$delete({ json: { password } })),
};
