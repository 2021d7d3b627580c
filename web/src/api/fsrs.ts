/** The person's own FSRS parameters and the review log the optimizer learns from; types come from the Worker's routes. */
import type { InferResponseType } from 'hono/client';
import { api, call, callEmpty, withSignal } from './client';

const params = api.api.users.me['fsrs-params'];

export type FsrsParamsState = InferResponseType<typeof params.$get, 200>;
export type RetentionInput = InferResponseType<(typeof api.api.users.me)['retention-helper']['$get'], 200>;
export type ReviewHistory = InferResponseType<(typeof api.api.users.me)['review-history']['$get'], 200>;

export const fsrsApi = {
  params: (signal?: AbortSignal) => call(params.$get(undefined, withSignal(signal))),
  save: (values: number[]) => call(params.$put({ json: { params: values } })),
  reset: () => callEmpty(params.$delete()),
  /** A fit made by the page by itself, built on the last fit it read; `values` null when it found nothing better. */
  recordFit: (basedOn: number, values: number[] | null) => call(params.fits.$post({ json: { based_on: basedOn, params: values } })),
  reviewHistory: () => call(api.api.users.me['review-history'].$get()),
  /** The retention helper's input: parameters, preferences, studied cards' memory, new cards. */
  retentionInput: () => call(api.api.users.me['retention-helper'].$get()),
};

let cached: Promise<number[] | null> | null = null;

/** The parameters answers are scheduled with (null: FSRS's defaults), asked once per page load for interval previews. */
export function schedulingParams(): Promise<number[] | null> {
  cached ??= fsrsApi.params().then(
    (state) => state.params,
    () => {
      cached = null;
      return null;
    },
  );
  return cached;
}

/** After a save or a reset, previews ask again. */
export function forgetSchedulingParams(): void {
  cached = null;
}
