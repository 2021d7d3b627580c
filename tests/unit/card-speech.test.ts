import { describe, expect, it } from 'vitest';
import { cardSounds, soundLink, spokenText, withoutSounds } from '../../worker/src/domain/card-speech';
import { fieldToCardText } from '../../worker/src/domain/anki-import';
import { guessSpeechLanguage, sideLanguage } from '../../web/src/features/flashcards/speech-language';

describe('sounds in a card side', () => {
  it('finds the sound links the Anki import writes, and shows the text without them', () => {
    const side = fieldToCardText('le chien [sound:chien.mp3]', () => ({ address: '/api/v1/files/3/abc', kind: 'audio' }));
    expect(cardSounds(side)).toEqual([{ name: 'chien.mp3', address: '/api/v1/files/3/abc' }]);
    expect(withoutSounds(side)).toBe('le chien');
  });

  it('writes a link whose name cannot end it early', () => {
    const link = soundLink('prise [2]\nbis', '/api/v1/files/1/x');
    expect(cardSounds(`Réponse\n${link}`)).toEqual([{ name: 'prise  2  bis', address: '/api/v1/files/1/x' }]);
  });

  it('reads aloud only the words: no sound link, no image, no markdown marks, a link by its text', () => {
    expect(spokenText('**Le chat** ![](/api/v1/files/1/i)\n[🔊 miaou](/api/v1/files/1/s) voir [la page](https://x.test)')).toBe('Le chat\nvoir la page');
  });
});

describe('the language a side is read in', () => {
  it('guesses the language of a sentence', () => {
    expect(guessSpeechLanguage('Le chat dort paisiblement sur le canapé du salon.')).toBe('fr-FR');
    expect(guessSpeechLanguage('The cat is sleeping peacefully on the living room sofa.')).toBe('en-US');
    expect(guessSpeechLanguage('El gato duerme tranquilamente en el sofá de la sala.')).toBe('es-ES');
    expect(guessSpeechLanguage('Die Katze schläft friedlich auf dem Sofa im Wohnzimmer.')).toBe('de-DE');
    expect(guessSpeechLanguage('猫はリビングのソファで静かに寝ています。')).toBe('ja-JP');
  });

  it('reads a side too short to tell in French, except in a script that says it', () => {
    expect(guessSpeechLanguage('chien')).toBe('fr-FR');
    expect(guessSpeechLanguage('dog')).toBe('fr-FR');
    expect(guessSpeechLanguage('собака')).toBe('ru-RU');
  });

  it('takes the language chosen for the side over the guess, and ignores an unknown one', () => {
    expect(sideLanguage('dog', 'en-GB')).toBe('en-GB');
    expect(sideLanguage('Le chat dort paisiblement sur le canapé.', 'xx')).toBe('fr-FR');
  });
});
