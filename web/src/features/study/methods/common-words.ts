/**
 * The common-French word list of Feynman's jargon check, loaded once on first use as its
 * own chunk (~300 KB): @zxcvbn-ts/language-fr's commonWords, 28,000 words ranked by their
 * frequency in French subtitles (OpenSubtitles via OPUS, ODC-BY; see the package's NOTICE).
 */
import { commonWordSet } from '@domain/feynman-feedback';

let loading: Promise<Set<string>> | null = null;

export function loadCommonWords(): Promise<Set<string>> {
  loading ??= import('@zxcvbn-ts/language-fr/src/commonWords.json').then((m) => commonWordSet(m.default as string[]));
  // A failed load (offline before the chunk was ever fetched) may be tried again.
  loading.catch(() => (loading = null));
  return loading;
}
