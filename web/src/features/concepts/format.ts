/** Small display helpers shared by the knowledge-base screens. */
/** 'dd/MM/yyyy' in the reader's time zone; an unreadable date shows as '—'. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** 'dd/MM/yyyy HH:mm' for the metadata panel. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDay(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A preview cut: the text whole when short enough, else its first `max` characters and the ellipsis. */
export function cutText(text: string | null | undefined, max = 150, ellipsis = '...'): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}${ellipsis}`;
}

/** A route's numeric id, or null when it is missing or not a whole positive number. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
