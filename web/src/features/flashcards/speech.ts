/** Reading a card side aloud with the browser's own voices (Web Speech API), in the language speech-language.ts gives. */
import { spokenText, type SpeechLanguage } from '@domain/card-speech';

export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

/** Reads a side aloud in `lang`, cutting off whatever was being read; a voice of that language is picked when the system has one. */
export function speakSide(side: string, lang: SpeechLanguage): void {
  if (!canSpeak()) return;
  const text = spokenText(side);
  window.speechSynthesis.cancel();
  if (!text) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  const voices = window.speechSynthesis.getVoices();
  const base = lang.slice(0, 2);
  utterance.voice = voices.find((v) => v.lang === lang) ?? voices.find((v) => v.lang.replace('_', '-').startsWith(base)) ?? null;
  window.speechSynthesis.speak(utterance);
}

/** Stops reading (the card changed, the screen closed). */
export function stopSpeaking(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}
