/**
 * The import screen's steps (spec document 3 §4 Import): form → analysis (after
 * 'Analyser le contenu') → created (go to the concept); Retour returns to the form with
 * everything typed kept. URL mode reads the page first; its article is what gets analysed
 * and created.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { IMPORT_MESSAGES, importFormError, type ContentFormat, type ImportFormValues } from '@domain/import-rules';
import { importApi, type FoundConcept, type ImportConceptPayload } from '../../api/import';
import { errorText } from '../../ui/error-text';

export interface ImportValues extends ImportFormValues {
  category: string;
  tags: string;
}

export const EMPTY_IMPORT: ImportValues = { mode: 'text', title: '', url: '', content: '', category: '', tags: '' };

export interface Analysis {
  /** What will be created: the pasted text or Markdown, or the page's article. */
  content: NonNullable<ImportConceptPayload['content']>;
  format: ContentFormat;
  /** The page's address after redirects (URL mode). */
  sourceUrl: string | null;
  found: FoundConcept[];
  selected: number[];
  suggested: string[];
}

type Step = 'form' | 'analysing' | 'analysis' | 'creating';

/** Preferences the import follows: `auto_extract_enabled` and `default_concept_category`. */
export interface ImportPreferences {
  autoExtract: boolean;
  defaultCategory: string | null;
}

async function analyse(values: ImportValues, autoExtract: boolean): Promise<Analysis> {
  let content: Analysis['content'] = values.content;
  let format: ContentFormat = values.mode === 'markdown' ? 'markdown' : 'text';
  let sourceUrl: string | null = null;
  if (values.mode === 'url') {
    const page = await importApi.extractContent(values.url.trim());
    // The article document as the server sent it; hc types its JSON form more loosely than the request's.
    content = page.content as Analysis['content'];
    format = 'doc';
    sourceUrl = page.url;
  }
  // With auto-extract off, nothing is looked for: the person links by hand later.
  const result = autoExtract ? await importApi.extractConcepts({ content, format }) : { found_concepts: [], suggested_concepts: [] };
  return {
    content,
    format,
    sourceUrl,
    found: result.found_concepts,
    selected: result.found_concepts.map((c) => c.id),
    suggested: result.suggested_concepts.map((s) => s.title),
  };
}

export function useImport({ autoExtract, defaultCategory }: ImportPreferences) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ImportValues>(() => ({ ...EMPTY_IMPORT, category: defaultCategory ?? '' }));
  // The preferences may answer after the form is shown: their default category fills the
  // field unless the person already typed one of their own.
  const shownDefault = useRef(defaultCategory ?? '');
  useEffect(() => {
    const next = defaultCategory ?? '';
    const previous = shownDefault.current;
    shownDefault.current = next;
    setValues((v) => (v.category === previous ? { ...v, category: next } : v));
  }, [defaultCategory]);
  const [step, setStep] = useState<Step>('form');
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creatingSuggestion, setCreatingSuggestion] = useState<string | null>(null);

  async function startAnalysis() {
    const invalid = importFormError(values);
    setError(invalid);
    if (invalid) return;
    setStep('analysing');
    try {
      setAnalysis(await analyse(values, autoExtract));
      setStep('analysis');
    } catch (err) {
      setError(errorText(err, IMPORT_MESSAGES.importFailed));
      setStep('form');
    }
  }

  function toggle(id: number) {
    setAnalysis((a) => a && { ...a, selected: a.selected.includes(id) ? a.selected.filter((s) => s !== id) : [...a.selected, id] });
  }

  /** One click: the suggestion becomes a concept, found and selected for linking. */
  async function createSuggestion(title: string) {
    setError(null);
    setCreatingSuggestion(title);
    try {
      const created = await importApi.createConcept({ title, content: '', format: 'text', tags: '', source: 'MANUAL' });
      setAnalysis((a) => a && {
        ...a,
        found: [...a.found, { id: created.id, title: created.title, category: created.category }],
        selected: [...a.selected, created.id],
        suggested: a.suggested.filter((s) => s !== title),
      });
    } catch (err) {
      setError(errorText(err, IMPORT_MESSAGES.createFailed));
    } finally {
      setCreatingSuggestion(null);
    }
  }

  async function create() {
    if (!analysis) return;
    setError(null);
    setStep('creating');
    try {
      const created = await importApi.createConcept({
        title: values.title.trim(),
        content: analysis.content,
        format: analysis.format,
        category: values.category.trim() || null,
        tags: values.tags,
        source: analysis.sourceUrl ? 'WEB' : 'MANUAL',
        source_url: analysis.sourceUrl,
        related_concept_ids: analysis.selected,
      });
      navigate(`/concepts/${created.id}`);
    } catch (err) {
      setError(errorText(err, IMPORT_MESSAGES.createFailed));
      setStep('analysis');
    }
  }

  function back() {
    setError(null);
    setStep('form');
  }

  return { values, setValues, step, analysis, error, creatingSuggestion, startAnalysis, toggle, createSuggestion, create, back };
}
