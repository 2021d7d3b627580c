/** Tag calls (spec document 1 §3 'Tags'); types come from the Worker's routes. */
import type { InferResponseType } from 'hono/client';
import { api, call, withSignal } from './client';

const tags = api.api.tags;

export type Tag = InferResponseType<typeof tags.$get, 200>[number];

export const tagsApi = {
  list: (signal?: AbortSignal) => call(tags.$get({}, withSignal(signal))),
  /** The concepts carrying a tag. hc puts params into the path as they are, so the name is encoded here. */
  concepts: (tag: string, signal?: AbortSignal) => call(tags[':tag'].concepts.$get({ param: { tag: encodeURIComponent(tag) } }, withSignal(signal))),
};
