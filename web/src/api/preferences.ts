/** Preferences and the push subscription (spec document 3 §7); types come from the Worker's routes. */
import type { InferRequestType } from 'hono/client';
import { api, call } from './client';

const me = api.api.users.me;
export type PushSubscriptionBody = InferRequestType<typeof me['fcm-token']['$post']>['json'];

export const preferencesApi = {
  get: (signal?: AbortSignal) => call(me.preferences.$get(undefined, { init: { signal } })),
  save: (preferences: InferRequestType<typeof me.preferences.$put>['json']) => call(me.preferences.$put({ json: preferences })),
  reset: () => call(me.preferences.reset.$post()),
  sendPushSubscription: (subscription: PushSubscriptionBody) => call(me['fcm-token'].$post({ json: subscription })),
};
