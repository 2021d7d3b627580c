/**
 * The language a card side is read aloud in: the one chosen for the side, else guessed
 * from its text (franc-min's trigrams, kept to the languages the form offers); a side too
 * short to tell is read in French. No DOM here, so unit tests run it.
 */
import { franc } from 'franc-min';
import { DEFAULT_SPEECH_LANGUAGE, isSpeechLanguage, spokenText, type SpeechLanguage } from '@domain/card-speech';

/** franc's ISO 639-3 codes of the languages a side can be read in, and the voice tag each gets. */
const DETECTED: Record<string, SpeechLanguage> = {
  fra: 'fr-FR',
  eng: 'en-US',
  spa: 'es-ES',
  deu: 'de-DE',
  ita: 'it-IT',
  por: 'pt-PT',
  nld: 'nl-NL',
  rus: 'ru-RU',
  arb: 'ar-SA',
  cmn: 'zh-CN',
  jpn: 'ja-JP',
  kor: 'ko-KR',
};
const ONLY = Object.keys(DETECTED);

/** Below this many letters trigrams say little ('chien' reads as Spanish): the default language stays. */
const MIN_GUESS_LENGTH = 12;

/** The language a side's text is most likely in, among those offered; French when unsure. */
export function guessSpeechLanguage(side: string): SpeechLanguage {
  const text = spokenText(side);
  if (text.length < MIN_GUESS_LENGTH && !/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0400-\u04ff\u0600-\u06ff]/u.test(text)) return DEFAULT_SPEECH_LANGUAGE;
  return DETECTED[franc(text, { only: ONLY, minLength: 1 })] ?? DEFAULT_SPEECH_LANGUAGE;
}

/** The language a side is read in: the one chosen for it, else the guessed one. */
export function sideLanguage(side: string, chosen: string | null | undefined): SpeechLanguage {
  return isSpeechLanguage(chosen) ? chosen : guessSpeechLanguage(side);
}

