/**
 * Under a side's field in the card form: the language it is read aloud in ('Automatique'
 * shows the guess), and its sound — recorded here (MediaRecorder) or chosen as a file —
 * uploaded, then added to the side's text as a `[🔊 name](address)` link.
 */
import { useEffect, useRef, useState } from 'react';
import { SPEECH_LANGUAGES, SPEECH_LANGUAGE_TAGS, soundLink, type SpeechLanguage } from '@domain/card-speech';
import { uploadsApi } from '../../api/uploads';
import { errorText } from '../../ui/error-text';
import { guessSpeechLanguage } from './speech-language';
import type { CardSideName } from './use-card-voice';

/** A recording stops by itself after this long (a few hundred kB of Opus, far below the upload limit). */
const MAX_RECORDING_MS = 5 * 60_000;
const SIDE_NAMES = { question: 'de la question', answer: 'de la réponse' } as const;

interface Props {
  side: CardSideName;
  text: string;
  lang: SpeechLanguage | null;
  disabled: boolean;
  onLang(lang: SpeechLanguage | null): void;
  onSound(link: string): void;
}

export function SideVoiceFields({ side, text, lang, disabled, onLang, onSound }: Props) {
  const [state, setState] = useState<'idle' | 'recording' | 'uploading'>('idle');
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const canRecord = typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
  useEffect(() => () => recorder.current?.stop(), []);

  async function upload(file: File) {
    setState('uploading');
    setError(null);
    try {
      const stored = await uploadsApi.upload('audio', file);
      onSound(soundLink(file.name.replace(/\.[a-z0-9]+$/i, ''), stored.public_url));
    } catch (err) {
      setError(errorText(err, 'L’envoi du son a échoué.'));
    } finally {
      setState('idle');
    }
  }

  async function record() {
    if (recorder.current) return recorder.current.stop();
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return setError('Micro indisponible : autorisez-le dans le navigateur, ou choisissez un fichier audio.');
    }
    const rec = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const limit = window.setTimeout(() => rec.state !== 'inactive' && rec.stop(), MAX_RECORDING_MS);
    rec.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    rec.onstop = () => {
      window.clearTimeout(limit);
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      const type = rec.mimeType || 'audio/webm';
      const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
      void upload(new File(chunks, `enregistrement-${stamp}.${type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm'}`, { type }));
    };
    recorder.current = rec;
    rec.start();
    setState('recording');
  }

  const guessed = SPEECH_LANGUAGES[guessSpeechLanguage(text)];
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
      <label className="flex flex-wrap items-center gap-1 text-slate-300">
        <span className="whitespace-nowrap">Langue de lecture {SIDE_NAMES[side]}</span>
        <select className="field w-auto py-1 text-xs" value={lang ?? ''} disabled={disabled} onChange={(e) => onLang(e.target.value ? (e.target.value as SpeechLanguage) : null)}>
          <option value="">Automatique ({guessed})</option>
          {SPEECH_LANGUAGE_TAGS.map((tag) => (
            <option key={tag} value={tag}>
              {SPEECH_LANGUAGES[tag]}
            </option>
          ))}
        </select>
      </label>
      {canRecord && (
        <button type="button" className="btn-ghost px-2 py-1" disabled={disabled || state === 'uploading'} aria-pressed={state === 'recording'} onClick={() => void record()}>
          {state === 'recording' ? '■ Arrêter l’enregistrement' : `Enregistrer le son ${SIDE_NAMES[side]}`}
        </button>
      )}
      <label className={`btn-ghost cursor-pointer px-2 py-1 ${disabled || state !== 'idle' ? 'pointer-events-none opacity-50' : ''}`}>
        Choisir un fichier audio
        <input
          type="file"
          accept="audio/*"
          className="sr-only"
          aria-label={`Choisir un fichier audio pour le son ${SIDE_NAMES[side]}`}
          disabled={disabled || state !== 'idle'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </label>
      {state !== 'idle' && (
        <span role="status" className="text-slate-300">
          {state === 'recording' ? 'Enregistrement en cours…' : 'Envoi du son…'}
        </span>
      )}
      {error && (
        <span role="alert" className="text-red-300">
          {error}
        </span>
      )}
    </div>
  );
}
