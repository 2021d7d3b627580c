/**
 * Automatic optimisation of the person's FSRS parameters. Once per page load,
 * when the browser is idle and the person is not studying, the page asks the server whether
 * a fit is due (domain/auto-fit.ts: 400 reviews, then 30 days or 1,000 new reviews since the
 * last fit, switch 'Automatic FSRS optimisation' on); if so, and unless the platform says to
 * save data or the battery is low, it trains in the optimizer's Web Worker and sends the
 * result. The server saves it only when it predicts the log better and is built on the last
 * fit; a dismissable note then gives the log loss before and after. A study session that
 * starts meanwhile stops the training at once (it is tried again later).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { autoFitHeldBack, isStudyPath } from '@domain/auto-fit';
import { forgetSchedulingParams, fsrsApi } from '../../api/fsrs';
import { ApiRequestError } from '../../api/client';
import { useAuth } from '../../ui/auth-context';
import { whenIdle } from '../../lib/when-idle';
import { usePreferences } from '../settings/preferences-context';
import { lossText, runOptimizer } from './run-optimizer';

interface FitNote {
  before: number;
  after: number;
  reviews: number;
}

const noteKey = (userId: number) => `astrolabe.autoFitNote.${userId}`;

function readNote(userId: number): FitNote | null {
  try {
    const note = JSON.parse(localStorage.getItem(noteKey(userId)) ?? 'null') as FitNote | null;
    return note && typeof note.before === 'number' && typeof note.after === 'number' ? note : null;
  } catch {
    return null;
  }
}

function writeNote(userId: number, note: FitNote | null): void {
  try {
    if (note) localStorage.setItem(noteKey(userId), JSON.stringify(note));
    else localStorage.removeItem(noteKey(userId));
  } catch {
    // no storage: the note lasts as long as the page
  }
}

type BatteryNavigator = Navigator & {
  connection?: { saveData?: boolean };
  getBattery?: () => Promise<{ charging: boolean; level: number }>;
};

async function batteryState(): Promise<{ charging: boolean; level: number } | null> {
  try {
    const battery = await (navigator as BatteryNavigator).getBattery?.();
    return battery ? { charging: battery.charging, level: battery.level } : null;
  } catch {
    return null;
  }
}

export function AutoOptimizer() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { preferences, loaded } = usePreferences();
  const studying = isStudyPath(useLocation().pathname);
  const studyingNow = useRef(studying);
  studyingNow.current = studying;
  const done = useRef(false);
  const training = useRef<AbortController | null>(null);
  const [note, setNote] = useState<FitNote | null>(null);

  useEffect(() => setNote(userId === null ? null : readNote(userId)), [userId]);

  // A session starting stops a training under way.
  useEffect(() => {
    if (studying) training.current?.abort();
  }, [studying]);

  useEffect(() => {
    if (userId === null || !loaded || !preferences.auto_optimize || studying || done.current) return;
    let cancelled = false;

    async function attempt(id: number) {
      done.current = true;
      const held = autoFitHeldBack({ studying: studyingNow.current, saveData: (navigator as BatteryNavigator).connection?.saveData, battery: await batteryState() });
      if (held) {
        done.current = held !== 'studying';
        return;
      }
      const state = await fsrsApi.params();
      if (!state.auto_fit_due || cancelled) return;
      const history = await fsrsApi.reviewHistory();
      const ctrl = new AbortController();
      training.current = ctrl;
      const answer = await runOptimizer({ type: 'optimize', items: { ratings: history.ratings, deltas: history.deltas, lengths: history.lengths }, current: state.params }, ctrl.signal);
      training.current = null;
      if (ctrl.signal.aborted) {
        done.current = false; // tried again once the session is over
        return;
      }
      if (!answer.ok) return;
      if (answer.after < answer.before) {
        try {
          const saved = await fsrsApi.recordFit(state.fit.id, answer.params);
          forgetSchedulingParams();
          const next = { before: saved.fit.loss_before ?? answer.before, after: saved.fit.loss_after ?? answer.after, reviews: saved.fit.review_count ?? history.review_count };
          writeNote(id, next);
          setNote(next);
          return;
        } catch (err) {
          // 409: not better by the server's reckoning (recorded below), or another device fitted since (refused again below).
          if (!(err instanceof ApiRequestError && err.status === 409)) return;
        }
      }
      await fsrsApi.recordFit(state.fit.id, null).catch(() => undefined);
    }

    const cancelIdle = whenIdle(() => {
      if (!cancelled) attempt(userId).catch(() => undefined);
    }, 60_000);
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [userId, loaded, preferences.auto_optimize, studying]);

  if (!note || userId === null || studying) return null;
  return (
    <div role="status" data-testid="auto-fit-note" className="mx-4 mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-emerald-500/50 bg-emerald-500/10 px-4 py-2 text-sm text-slate-200">
      <span className="flex-1">
        Vos paramètres FSRS ont été réajustés automatiquement sur vos {note.reviews.toLocaleString('fr-FR')} révisions : ils prédisent mieux votre mémoire (perte logarithmique{' '}
        <strong>{lossText(note.before)}</strong> avant, <strong>{lossText(note.after)}</strong> après ; plus bas = meilleur).
      </span>
      <button
        type="button"
        className="btn-ghost py-1"
        onClick={() => {
          writeNote(userId, null);
          setNote(null);
        }}
      >
        Compris
      </button>
    </div>
  );
}
