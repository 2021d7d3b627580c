/**
 * 'Taper la réponse' on a review screen: before the answer shows, a field to type it (Enter
 * checks it and flips the card); after, Anki's diff view — what was typed, with wrong or
 * extra characters struck through, and the expected answer, with missing characters
 * underlined (<del>/<ins>, so it is not said by colour alone) — and a verdict in words.
 * Case and accents count unless the person's 'typed_answer_tolerant' preference says not.
 * Focus moves to the verdict once checked, so the rating keys work at once.
 */
import { useEffect, useRef, useState } from 'react';
import { compareTypedAnswer, type DiffPart } from '@domain/typed-answer';

interface Props {
  answer: string;
  revealed: boolean;
  tolerant: boolean;
  onReveal(): void;
}

function Line({ parts }: { parts: DiffPart[] }) {
  return parts.map((part, i) =>
    part.kind === 'good' ? (
      <span key={i}>{part.text}</span>
    ) : part.kind === 'bad' ? (
      <del key={i} className="rounded-sm bg-red-500/25 text-red-200 decoration-2">
        {part.text}
      </del>
    ) : (
      <ins key={i} className="rounded-sm bg-amber-500/25 text-amber-100 underline decoration-2 underline-offset-4">
        {part.text}
      </ins>
    ),
  );
}

export function TypedAnswer({ answer, revealed, tolerant, onReveal }: Props) {
  const [typed, setTyped] = useState('');
  const verdict = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (revealed) verdict.current?.focus();
  }, [revealed]);

  if (!revealed)
    return (
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          onReveal();
        }}
      >
        <label className="block text-sm text-slate-300">
          Tapez la réponse
          <input className="field mt-1" value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus autoComplete="off" autoCapitalize="off" spellCheck={false} data-testid="typed-answer-input" />
        </label>
        <button type="submit" className="btn-primary w-full">
          Vérifier (Entrée)
        </button>
      </form>
    );

  const diff = compareTypedAnswer(answer, typed, { tolerant });
  const text = diff.correct ? 'Correct !' : typed.trim() ? 'Pas tout à fait : comparez avec la réponse attendue.' : 'Aucune réponse tapée.';
  return (
    <div ref={verdict} tabIndex={-1} className="space-y-1 rounded-md border border-space-600 bg-space-900 p-3 focus:outline-none" data-testid="typed-answer-diff">
      <p className={`text-sm font-semibold ${diff.correct ? 'text-emerald-300' : 'text-amber-200'}`}>
        {text}
        {tolerant && <span className="font-normal text-slate-400"> (majuscules et accents ignorés)</span>}
      </p>
      {typed.trim() && (
        <p className="whitespace-pre-wrap font-mono text-lg" data-testid="typed-line">
          <span className="sr-only">Vous avez tapé : </span>
          <Line parts={diff.typed} />
        </p>
      )}
      {!diff.correct && (
        <p className="whitespace-pre-wrap font-mono text-lg" data-testid="expected-line">
          <span className="sr-only">Réponse attendue : </span>
          <span aria-hidden className="text-slate-400">↓ </span>
          <Line parts={diff.expected} />
        </p>
      )}
      {!diff.correct && <p className="text-xs text-slate-400">Barré : faux ou en trop · souligné : manquant.</p>}
    </div>
  );
}
