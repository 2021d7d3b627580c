export const ARTICLE_PATH: string;

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** `articleBytes` grows the saved article page to about that size (the bench's 1 MB page). */
export function startPageServer(options?: { articleBytes?: number }): Promise<PageServer>;
