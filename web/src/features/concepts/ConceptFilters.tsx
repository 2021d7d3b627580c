/** The concept list's filter and sort controls (inline on wide screens, in a drawer on small ones). */
import { useEffect, useId, useState } from 'react';
import { constellationsApi, tagsApi } from './api';
import { isAbort } from './format';
import { SORT_LABELS, type Constellation, type SortField, type SortOrder, type Tag } from './types';

export interface ConceptFilterValues {
  title: string;
  content: string;
  tag: string;
  constellationId: string;
  sortBy: SortField;
  sortOrder: SortOrder;
}

export const DEFAULT_FILTERS: ConceptFilterValues = { title: '', content: '', tag: '', constellationId: '', sortBy: 'updated_at', sortOrder: 'desc' };

/** The tags and constellations the selects offer; a failure leaves a select with its 'all' option only. */
export function useFilterChoices() {
  const [tags, setTags] = useState<Tag[]>([]);
  const [constellations, setConstellations] = useState<Constellation[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    const ignore = (err: unknown) => {
      if (!isAbort(err)) console.warn('filter choices', err);
    };
    tagsApi.list(ctrl.signal).then(setTags, ignore);
    constellationsApi.list(ctrl.signal).then(setConstellations, ignore);
    return () => ctrl.abort();
  }, []);
  return { tags, constellations };
}

interface Props {
  values: ConceptFilterValues;
  onChange(next: ConceptFilterValues): void;
  tags: Tag[];
  constellations: Constellation[];
  stacked?: boolean;
}

export function ConceptFilters({ values, onChange, tags, constellations, stacked = false }: Props) {
  const id = useId();
  const set = <K extends keyof ConceptFilterValues>(key: K, value: ConceptFilterValues[K]) => onChange({ ...values, [key]: value });
  const grid = stacked ? 'grid grid-cols-1 gap-3' : 'grid grid-cols-2 gap-3 lg:grid-cols-6';
  return (
    <div className={grid}>
      <label className="block text-sm" htmlFor={`${id}-title`}>
        <span className="mb-1 block text-slate-400">Filtrer par titre</span>
        <input id={`${id}-title`} className="field" type="search" value={values.title} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label className="block text-sm" htmlFor={`${id}-content`}>
        <span className="mb-1 block text-slate-400">Filtrer par contenu</span>
        <input id={`${id}-content`} className="field" type="search" value={values.content} onChange={(e) => set('content', e.target.value)} />
      </label>
      <label className="block text-sm" htmlFor={`${id}-tag`}>
        <span className="mb-1 block text-slate-400">Tag</span>
        <select id={`${id}-tag`} className="field" value={values.tag} onChange={(e) => set('tag', e.target.value)}>
          <option value="">Tous les tags</option>
          {tags.map((t) => (
            <option key={t.id} value={t.name}>
              {t.name} ({t.count})
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm" htmlFor={`${id}-constellation`}>
        <span className="mb-1 block text-slate-400">Constellation</span>
        <select id={`${id}-constellation`} className="field" value={values.constellationId} onChange={(e) => set('constellationId', e.target.value)}>
          <option value="">Toutes les constellations</option>
          {constellations.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.icon ? `${c.icon} ` : ''}
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm" htmlFor={`${id}-sort`}>
        <span className="mb-1 block text-slate-400">Trier par</span>
        <select id={`${id}-sort`} className="field" value={values.sortBy} onChange={(e) => set('sortBy', e.target.value as SortField)}>
          {(Object.keys(SORT_LABELS) as SortField[]).map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm" htmlFor={`${id}-order`}>
        <span className="mb-1 block text-slate-400">Ordre</span>
        <select id={`${id}-order`} className="field" value={values.sortOrder} onChange={(e) => set('sortOrder', e.target.value as SortOrder)}>
          <option value="desc">Décroissant</option>
          <option value="asc">Croissant</option>
        </select>
      </label>
    </div>
  );
}
