/**
 * Tag and constellation suggestions asked of the native host in a web view (spec
 * document 1 §2): request with query and requestId, 3 s timeout giving an empty list,
 * answers cached 5 minutes per kind and query.
 */
import { requestFromHost, type HostMessage } from '../../lib/native-bridge';

export const HOST_SUGGESTION_TIMEOUT_MS = 3000;
export const HOST_SUGGESTION_CACHE_MS = 5 * 60 * 1000;

type Kind = 'tag' | 'constellation';
const cache = new Map<string, { at: number; names: string[] }>();
let nextRequest = 0;

/** Accepts the host's list as strings or objects with a name/title. */
function namesOf(message: HostMessage | null): string[] {
  const list = (message?.suggestions ?? message?.items ?? message?.results ?? []) as unknown;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (typeof entry === 'string' ? entry : typeof entry === 'object' && entry ? String((entry as { name?: unknown; title?: unknown }).name ?? (entry as { title?: unknown }).title ?? '') : ''))
    .filter(Boolean);
}

export async function askHostForSuggestions(kind: Kind, query: string, now = Date.now()): Promise<string[]> {
  const cacheKey = `${kind}:${query.toLowerCase()}`;
  const hit = cache.get(cacheKey);
  if (hit && now - hit.at < HOST_SUGGESTION_CACHE_MS) return hit.names;
  nextRequest += 1;
  const requestId = `${kind}-${now}-${nextRequest}`;
  const answer = await requestFromHost(
    { type: `request-${kind}-suggestions`, query, requestId },
    `${kind}-suggestions`,
    HOST_SUGGESTION_TIMEOUT_MS,
    (m) => m.requestId === requestId,
  );
  const names = namesOf(answer);
  if (answer) cache.set(cacheKey, { at: now, names });
  return names;
}
