/**
 * What a card side says aloud and plays, agreed on by the Worker (validation, Anki import)
 * and the page (text-to-speech, the audio buttons). Pure.
 *
 * A side's sound is a link in its text, `[🔊 name](address)` — the form the Anki import
 * already writes for `[sound:…]` — so a card carries audio without a column of its own,
 * and a backup or an export carries it with the text.
 */

/** The languages a side can be read aloud in (Web Speech API tags), with their French names. */
export const SPEECH_LANGUAGES = {
  'fr-FR': 'Français',
  'en-US': 'Anglais (États-Unis)',
  'en-GB': 'Anglais (Royaume-Uni)',
  'es-ES': 'Espagnol',
  'de-DE': 'Allemand',
  'it-IT': 'Italien',
  'pt-PT': 'Portugais',
  'pt-BR': 'Portugais (Brésil)',
  'nl-NL': 'Néerlandais',
  'ru-RU': 'Russe',
  'ar-SA': 'Arabe',
  'zh-CN': 'Chinois (mandarin)',
  'ja-JP': 'Japonais',
  'ko-KR': 'Coréen',
} as const;

export type SpeechLanguage = keyof typeof SPEECH_LANGUAGES;
export const SPEECH_LANGUAGE_TAGS = Object.keys(SPEECH_LANGUAGES) as [SpeechLanguage, ...SpeechLanguage[]];

/** The app speaks French: a side too short to tell is read in French. */
export const DEFAULT_SPEECH_LANGUAGE: SpeechLanguage = 'fr-FR';

export function isSpeechLanguage(value: unknown): value is SpeechLanguage {
  return typeof value === 'string' && Object.hasOwn(SPEECH_LANGUAGES, value);
}

/** A sound kept on a card side, as its text holds it. */
export interface CardSound {
  name: string;
  address: string;
}

const SOUND_LINK = /\[🔊 ([^\]\n]*)\]\(([^)\s]+)\)/gu;

/** The link a card side holds for a sound (brackets in the name would end the link early, so they go). */
export function soundLink(name: string, address: string): string {
  return `[🔊 ${name.replace(/[[\]\n]/g, ' ').trim()}](${address})`;
}

/** The sounds of a card side, in their order. */
export function cardSounds(side: string): CardSound[] {
  return [...side.matchAll(SOUND_LINK)].map((m) => ({ name: m[1]!.trim(), address: m[2]! }));
}

/** A side's text as it shows beside its sound buttons: without its sound links. */
export function withoutSounds(side: string): string {
  return side.replace(SOUND_LINK, '').replace(/\n{3,}/g, '\n\n').trim();
}

/** A side's text as it is read aloud: without its sound links, image links and markdown marks. */
export function spokenText(side: string): string {
  return withoutSounds(side)
    .replace(/!\[[^\]\n]*\]\([^)\s]+\)/g, ' ')
    .replace(/\[([^\]\n]*)\]\([^)\s]+\)/g, '$1')
    .replace(/[*_`#>]+/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}
