/**
 * YouTube addresses (spec document 1 §5): watch, embed, v and youtu.be forms with an
 * 11-character id become the embed address; anything else is refused.
 */

const YOUTUBE_URL =
  /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|v\/)|youtube-nocookie\.com\/embed\/|youtu\.be\/)([A-Za-z0-9_-]{11})(?=$|[?&#/])/i;

export const YOUTUBE_DEFAULT_WIDTH = '75%';
export const INVALID_YOUTUBE_URL = 'Invalid YouTube URL. Please try again.';

/** The 11-character video id, or null. */
export function youtubeVideoId(url: string): string | null {
  const match = YOUTUBE_URL.exec(url.trim());
  return match ? match[1]! : null;
}

/** The embed address for a YouTube URL in any accepted form, or null. */
export function youtubeEmbedUrl(url: string): string | null {
  const id = youtubeVideoId(url);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}

/** True only for an embed address this module produces (used to check stored content). */
export function isYoutubeEmbedUrl(url: unknown): url is string {
  return typeof url === 'string' && /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}$/.test(url);
}
