export const ARTICLE_PATH: string;
/** The saved article grown to 1 MB (half more paragraphs, half page scripts). */
export const BIG_ARTICLE_PATH: string;

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

export function startPageServer(): Promise<PageServer>;
