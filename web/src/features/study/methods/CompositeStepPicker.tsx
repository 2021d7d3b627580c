/**
 * The steps of a Composite session, on the preparation page: the methods chained on each
 * concept, in order. Each chosen step can move up or down or be removed, the others added;
 * every control is a labelled button (keyboard and touch), and the focus follows the step moved.
 */
import { useEffect, useRef, useState } from 'react';
import { COMPOSITE_MAX_STEPS, COMPOSITE_MIN_STEPS, COMPOSITE_STEPS, type CompositeStep } from '@domain/composite-steps';
import { methodOf } from '../methods';

/** What each step does on a concept, in a few words. */
const STEP_HINTS: Record<CompositeStep, string> = {
  BLURTING: 'écrire tout ce dont vous vous souvenez, puis comparer',
  FLASHCARDS: 'réviser les cartes du concept, y compris celles créées de ce que vous avez oublié',
  FEYNMAN: 'expliquer le concept avec des mots simples',
  CORNELL: 'compléter la fiche Cornell et vous tester',
};

export const TOO_FEW_STEPS = `Choisissez au moins ${COMPOSITE_MIN_STEPS} étapes.`;

const nameOf = (step: CompositeStep) => methodOf(step)?.name ?? step;

export function CompositeStepPicker({ steps, onChange }: { steps: readonly CompositeStep[]; onChange(steps: CompositeStep[]): void }) {
  const list = useRef<HTMLFieldSetElement>(null);
  // A moved step's row is re-inserted in the page, which drops the focus: give it back.
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    const target = list.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${focus}"]:not(:disabled)`) ?? list.current?.querySelector<HTMLButtonElement>(`[data-focus-key^="${focus.split(':')[0]}:"]:not(:disabled)`);
    target?.focus();
    setFocus(null);
  }, [focus, steps]);

  function move(index: number, by: -1 | 1) {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step!);
    onChange(next);
    setFocus(`${step}:${by < 0 ? 'up' : 'down'}`);
  }
  const remove = (step: CompositeStep) => onChange(steps.filter((s) => s !== step));
  const add = (step: CompositeStep) => onChange([...steps, step]);
  const others = COMPOSITE_STEPS.filter((s) => !steps.includes(s));

  return (
    <fieldset ref={list} className="card space-y-3" data-testid="composite-steps">
      <legend className="px-1 font-semibold">Étapes pour chaque concept</legend>
      <p className="text-sm text-slate-300">Chaque concept passe par ces méthodes, dans cet ordre.</p>
      <ol className="space-y-2">
        {steps.map((step, i) => (
          <li key={step} className="flex flex-wrap items-center gap-2 rounded-lg border border-space-600 px-3 py-2">
            <span className="min-w-0 flex-1">
              <span className="font-medium">
                {i + 1}. {methodOf(step)?.icon} {nameOf(step)}
              </span>
              <span className="block text-xs text-slate-400">{STEP_HINTS[step]}</span>
            </span>
            <span className="flex gap-1">
              <button type="button" className="btn-ghost px-2 py-1 text-sm" data-focus-key={`${step}:up`} disabled={i === 0} aria-label={`Monter ${nameOf(step)}`} title={`Monter ${nameOf(step)}`} onClick={() => move(i, -1)}>
                ↑
              </button>
              <button type="button" className="btn-ghost px-2 py-1 text-sm" data-focus-key={`${step}:down`} disabled={i === steps.length - 1} aria-label={`Descendre ${nameOf(step)}`} title={`Descendre ${nameOf(step)}`} onClick={() => move(i, 1)}>
                ↓
              </button>
              <button type="button" className="btn-ghost px-2 py-1 text-sm" aria-label={`Retirer ${nameOf(step)}`} onClick={() => remove(step)}>
                Retirer
              </button>
            </span>
          </li>
        ))}
      </ol>
      {others.length > 0 && steps.length < COMPOSITE_MAX_STEPS && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-300">Ajouter une étape :</span>
          {others.map((step) => (
            <button key={step} type="button" className="btn-ghost border border-space-600 px-3 py-1 text-sm" onClick={() => add(step)}>
              + {nameOf(step)}
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
