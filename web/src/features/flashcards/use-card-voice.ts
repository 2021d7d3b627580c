/**
 * A review screen's voice: reading the shown card's sides aloud (L) and playing their
 * sounds (A), and — with the 'Read cards aloud' preference — each question as it shows
 * and each answer as it is revealed. Shared by the review dialog and study sessions.
 */
import { useCallback, useEffect, useRef } from 'react';
import { cardSounds } from '@domain/card-speech';
import { usePreferences } from '../settings/preferences-context';
import { speakSide, stopSpeaking } from './speech';
import { sideLanguage } from './speech-language';
import { useShortcutKeys } from './use-review-keys';

export type CardSideName = 'question' | 'answer';

interface VoicedCard {
  id: number;
  question: string;
  answer: string;
  question_lang: string | null;
  answer_lang: string | null;
}

export interface CardVoice {
  speak(side: CardSideName): void;
  play(side: CardSideName, index?: number): void;
}

/**
 * `showing` changes each time a card is put in front of the person (a new card, or the
 * same one back after an undo), so the automatic reading starts again.
 */
export function useCardVoice(card: VoicedCard | null | undefined, revealed: boolean, keys: boolean, showing: unknown): CardVoice {
  const { preferences } = usePreferences();
  const player = useRef<HTMLAudioElement | null>(null);
  const latest = useRef(card);
  latest.current = card;

  const stopSound = () => {
    player.current?.pause();
    player.current = null;
  };
  const speak = useCallback((side: CardSideName) => {
    const shown = latest.current;
    if (!shown) return;
    stopSound();
    speakSide(shown[side], sideLanguage(shown[side], shown[`${side}_lang`]));
  }, []);
  const play = useCallback((side: CardSideName, index = 0) => {
    const sound = latest.current && cardSounds(latest.current[side])[index];
    if (!sound) return;
    stopSpeaking();
    stopSound();
    const audio = new Audio(sound.address);
    player.current = audio;
    void audio.play().catch(() => undefined);
  }, []);

  const shownSide: CardSideName = revealed ? 'answer' : 'question';
  useShortcutKeys(keys && Boolean(card), {
    l: () => speak(shownSide),
    // The answer's sound once revealed, when it has one; the question's otherwise.
    a: () => play(revealed && cardSounds(card?.answer ?? '').length > 0 ? 'answer' : 'question'),
  });

  const auto = preferences.read_aloud;
  const cardId = card?.id;
  useEffect(() => {
    if (!auto || cardId === undefined) return;
    speak(shownSide);
  }, [auto, cardId, shownSide, showing, speak]);
  // Nothing goes on reading once the screen is gone.
  useEffect(
    () => () => {
      stopSpeaking();
      stopSound();
    },
    [],
  );
  return { speak, play };
}
