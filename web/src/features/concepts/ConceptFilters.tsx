/** The concept list's filter and sort controls (inline on wide screens, in a drawer on small ones). */
import { useId } from 'react';
import { constellationsApi, type Constellation } from '../../api/constellations';
import { tagsApi, type Tag } from '../../api/tags';
import { SORT_LABELS } from './sort-labels';
import type { SortField, SortOrder } from '../../api/concepts';
import { useLoad } from '../../ui/use-load';

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
  const orNone = (signal: AbortSignal) => (err: unknown) => {
    if (!signal.aborted) console.warn('filter choices', err);
    return [];
  };
  const tags = useLoad((signal): Promise<Tag[]> => tagsApi.list(signal).catch(orNone(signal)), []);
  const constellations = useLoad((signal): Promise<Constellation[]> => constellationsApi.list(signal).catch(orNone(signal)), []);
  return { tags: tags.phase === 'loaded' ? tags.data : [], constellations: constellations.phase === 'loaded' ? constellations.data : [] };
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
  const grid = stacked ? 'grid grid-cols-1 gap-3' : 'grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-6';
  return (
    <div className={grid}>
      <div className="text-sm">
        <label htmlFor={`${id}-title`} className="mb-1 block text-slate-400">
          Filtrer par titre
        </label>
        <input id={`${id}-title`} className="field" type="search" value={values.title} onChange={(e) => set('title', e.target.value)} />
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-content`} className="mb-1 block text-slate-400">
          Filtrer par contenu
        </label>
        <input id={`${id}-content`} className="field" type="search" value={values.content} onChange={(e) => set('content', e.target.value)} />
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-tag`} className="mb-1 block text-slate-400">
          Tag
        </label>
        <select id={`${id}-tag`} className="field" value={values.tag} onChange={(e) => set('tag', e.target.value)}>
          <option value="">Tous les tags</option>
          {tags.map((t) => (
            <option key={t.id} value={t.name}>
              {t.name} ({t.count})
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-constellation`} className="mb-1 block text-slate-400">
          Constellation
        </label>
        <select id={`${id}-constellation`} className="field" value={values.constellationId} onChange={(e) => set('constellationId', e.target.value)}>
          <option value="">Toutes les constellations</option>
          {constellations.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.icon ? `${c.icon} ` : ''}
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-sort`} className="mb-1 block text-slate-400">
          Trier par
        </label>
        <select id={`${id}-sort`} className="field" value={values.sortBy} onChange={(e) => set('sortBy', e.target.value as SortField)}>
          {(Object.keys(SORT_LABELS) as SortField[]).map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-order`} className="mb-1 block text-slate-400">
          Ordre
        </label>
        <select id={`${id}-order`} className="field" value={values.sortOrder} onChange={(e) => set('sortOrder', e.target.value as SortOrder)}>
          <option value="desc">Décroissant</option>
          <option value="asc">Croissant</option>
        </select>
      </div>
    </div>
  );
}
