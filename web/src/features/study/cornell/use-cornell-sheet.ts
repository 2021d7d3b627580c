/**
 * A concept's Cornell sheet as the page edits it. Every change is kept in this browser at
 * once (localStorage, with the version it was made from) and saved to the server a moment
 * later. A save names that version; when the server answers 409 (saved elsewhere in the
 * meantime) the page reads the stored sheet, puts both together (mergeCornellSheets: every
 * row and both summaries kept) and saves that. Offline or on a failed save, the changes
 * stay on this device and are sent again when the connection returns: nothing is lost.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeCornellSheets } from '@domain/cornell';
import { ApiRequestError } from '../../../api/client';
import { cornellSheetsApi, type CornellRow, type CornellSheet } from '../../../api/cornell-sheets';
import { errorText } from '../../../ui/error-text';

/** A row as the page holds it: a key for React (a new one remounts its editor), not saved. */
export interface EditedRow extends CornellRow {
  key: string;
}

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

interface Draft {
  version: number;
  rows: CornellRow[];
  summary: string;
}

const SAVE_DELAY_MS = 1200;
const draftKey = (conceptId: number) => `astrolabe.cornell-draft.${conceptId}`;
let nextKey = 0;
export const withKeys = (rows: readonly CornellRow[]): EditedRow[] => rows.map((r) => ({ ...r, key: `row-${++nextKey}` }));
export const emptyRow = (): EditedRow => withKeys([{ cue: '', notes: null }])[0]!;

function readDraft(conceptId: number): Draft | null {
  try {
    const raw = localStorage.getItem(draftKey(conceptId));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

function writeDraft(conceptId: number, draft: Draft | null) {
  try {
    if (draft) localStorage.setItem(draftKey(conceptId), JSON.stringify(draft));
    else localStorage.removeItem(draftKey(conceptId));
  } catch {
    // Storage full or refused: the sheet stays on the page and is still saved to the server.
  }
}

const plain = (rows: readonly EditedRow[]): CornellRow[] => rows.map(({ cue, notes }) => ({ cue, notes }));

/** The sheet the page opens with: the stored one, or a draft left here (put together with the stored one when it moved on). */
function opening(stored: CornellSheet, draft: Draft | null): { draft: Draft; dirty: boolean; merged: boolean } {
  if (!draft) return { draft: { version: stored.version, rows: stored.rows, summary: stored.summary }, dirty: false, merged: false };
  if (draft.version === stored.version) return { draft, dirty: true, merged: false };
  return { draft: { version: stored.version, ...mergeCornellSheets(stored, draft) }, dirty: true, merged: true };
}

export function useCornellSheet(conceptId: number) {
  const [phase, setPhase] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rows, setRows] = useState<EditedRow[]>([]);
  const [summary, setSummary] = useState('');
  const [state, setState] = useState<SaveState>('saved');
  const [notice, setNotice] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // What the save loop reads: the latest sheet, the version it was made from, and a revision
  // counter telling whether something changed while a save was on its way.
  const latest = useRef<Draft>({ version: 0, rows: [], summary: '' });
  const revision = useRef(0);
  const savedRevision = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);

  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current || revision.current === savedRevision.current) return revision.current === savedRevision.current;
    inFlight.current = true;
    setState('saving');
    const sent = revision.current;
    const body = latest.current;
    let failed = false;
    try {
      const stored = await cornellSheetsApi.save(conceptId, body);
      latest.current = { ...latest.current, version: stored.version };
      savedRevision.current = sent;
      setSaveError(null);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) {
        // Saved elsewhere meanwhile: put the stored sheet and ours together, then save that.
        try {
          const stored = await cornellSheetsApi.get(conceptId);
          const merged = mergeCornellSheets(stored, latest.current);
          latest.current = { version: stored.version, ...merged };
          revision.current += 1;
          setRows(withKeys(merged.rows));
          setSummary(merged.summary);
          setNotice('Cette fiche a été modifiée ailleurs entre-temps : les deux versions ont été réunies, rien n’est perdu.');
        } catch (reread) {
          failed = true;
          setSaveError(errorText(reread, 'La fiche n’a pas pu être relue.'));
        }
      } else {
        failed = true;
        setSaveError(errorText(err, 'La fiche n’a pas pu être enregistrée.'));
      }
    } finally {
      inFlight.current = false;
    }
    const clean = revision.current === savedRevision.current;
    writeDraft(conceptId, clean ? null : latest.current);
    setState(clean ? 'saved' : failed ? 'failed' : 'pending');
    // More changes came while saving (or the merge made some): send them too.
    if (!clean && !failed) timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    return clean;
  }, [conceptId]);

  // Load: the stored sheet, with any draft this device still holds.
  useEffect(() => {
    let live = true;
    cornellSheetsApi.get(conceptId).then(
      (stored) => {
        if (!live) return;
        const open = opening(stored, readDraft(conceptId));
        latest.current = open.draft;
        setRows(withKeys(open.draft.rows.length ? open.draft.rows : [{ cue: '', notes: null }]));
        setSummary(open.draft.summary);
        if (open.merged) setNotice('Des changements gardés sur cet appareil ont été réunis avec la fiche enregistrée ailleurs.');
        setPhase('loaded');
        if (open.dirty) {
          revision.current += 1;
          setState('pending');
          void save();
        }
      },
      (err: unknown) => {
        if (!live) return;
        setLoadError(errorText(err, 'Impossible de charger la fiche Cornell.'));
        setPhase('error');
      },
    );
    return () => {
      live = false;
    };
  }, [conceptId, save]);

  // Back online: send what waits.
  useEffect(() => {
    const retry = () => void save();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [save]);

  const changed = useCallback(
    (nextRows: EditedRow[], nextSummary: string) => {
      latest.current = { version: latest.current.version, rows: plain(nextRows), summary: nextSummary };
      revision.current += 1;
      writeDraft(conceptId, latest.current);
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [conceptId, save],
  );

  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  const update = useCallback(
    (recipe: (rows: EditedRow[]) => EditedRow[]) => {
      const next = recipe(rowsNow.current);
      rowsNow.current = next;
      setRows(next);
      changed(next, latest.current.summary);
    },
    [changed],
  );
  const changeSummary = useCallback(
    (text: string) => {
      setSummary(text);
      changed(rows, text);
    },
    [changed, rows],
  );
  const retry = useCallback(() => {
    setSaveError(null);
    void save();
  }, [save]);

  return { phase, loadError, rows, summary, state, notice, saveError, update, changeSummary, save, retry };
}
