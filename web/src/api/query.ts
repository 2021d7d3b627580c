/** A query without its empty values: an empty search box sends no `search=` at all. */
export function compact<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}
