/**
 * One side of a card on a review screen: its text (its sound links become buttons, images
 * the app serves show as pictures), a button reading it aloud in its language, and one
 * button per sound it carries.
 */
import { cardTextParts } from '@domain/card-images';
import { cardSounds, withoutSounds, SPEECH_LANGUAGES } from '@domain/card-speech';
import { canSpeak } from './speech';
import { sideLanguage } from './speech-language';
import type { CardSideName, CardVoice } from './use-card-voice';

interface Props {
  side: CardSideName;
  text: string;
  lang: string | null;
  voice: CardVoice;
  className: string;
  testId: string;
}

const SIDE_NAMES = { question: 'la question', answer: 'la réponse' } as const;

export function CardSide({ side, text, lang, voice, className, testId }: Props) {
  const sounds = cardSounds(text);
  const language = SPEECH_LANGUAGES[sideLanguage(text, lang)];
  return (
    <>
      <p className={className} data-testid={testId}>
        <CardText text={withoutSounds(text)} />
      </p>
      <div className="mt-2 flex flex-wrap gap-2 text-xs" data-testid={`${testId}-voice`}>
        {canSpeak() && (
          <button
            type="button"
            className="btn-ghost px-2 py-1"
            title={`Lire ${SIDE_NAMES[side]} à voix haute, en ${language.toLowerCase()} (L)`}
            aria-label={`Lire à voix haute ${SIDE_NAMES[side]} (${language})`}
            onClick={() => voice.speak(side)}
          >
            <span aria-hidden>🔈 </span>Lire à voix haute
          </button>
        )}
        {sounds.map((sound, index) => (
          <button key={`${index}-${sound.address}`} type="button" className="btn-ghost px-2 py-1" aria-label={`Écouter l’audio « ${sound.name} » de ${SIDE_NAMES[side]}`} title="Écouter l’audio (A)" onClick={() => voice.play(side, index)}>
            <span aria-hidden>▶ </span>
            {sound.name || 'Audio'}
          </button>
        ))}
      </div>
    </>
  );
}

/**
 * A side's text with its images: each part its own element, so nothing in it is read as HTML.
 * Inside a button (`plain`), a link to another site's image is only its text.
 */
export function CardText({ text, plain = false }: { text: string; plain?: boolean }) {
  return (
    <>
      {cardTextParts(text).map((part, index) => {
        if (part.kind === 'text') return <span key={index}>{part.text}</span>;
        if (plain && part.kind === 'link') return <span key={index}>{part.text}</span>;
        if (part.kind === 'image') return <img key={index} src={part.address} alt={part.alt || 'Image de la carte'} className="my-2 block max-h-80 max-w-full rounded" loading="lazy" data-testid="card-image" />;
        return (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="underline" title="Image d’un autre site, ouverte dans un nouvel onglet">
            {part.text}
          </a>
        );
      })}
    </>
  );
}
