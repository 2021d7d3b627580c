/**
 * The lists of the search screen: concepts and flashcards link to /concepts/{id}, note
 * blocks to /daily/{date}#block-{id}. Snippets come from the server as escaped text with
 * <mark> around matches; they are sanitised once more here to <mark> alone before insertion.
 */
import DOMPurify from 'dompurify';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SearchKind, SearchResults } from '../../api/search';
import { SEARCH_PAGE_SIZE } from './useGlobalSearch';

const MARKS_ONLY = { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] };

export function Snippet({ html, className = 'text-slate-300' }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <p
      className={`text-sm [&_mark]:rounded-sm [&_mark]:bg-nebula-500/40 [&_mark]:px-0.5 [&_mark]:text-white ${className}`}
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, MARKS_ONLY) }}
    />
  );
}

const itemClass = 'block rounded-lg border border-space-700 bg-space-800/60 p-3 hover:border-nebula-400 focus:border-nebula-400 focus:outline-none';

export function ResultList({ kind, results }: { kind: SearchKind; results: SearchResults }) {
  let items: ReactNode[];
  if (kind === 'concepts') {
    items = results.concepts.map((c) => (
      <Link key={c.id} to={`/concepts/${c.id}`} className={itemClass}>
        {c.title_snippet ? (
          <span
            className="font-medium text-nebula-300 [&_mark]:rounded-sm [&_mark]:bg-nebula-500/40 [&_mark]:px-0.5 [&_mark]:text-white"
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(c.title_snippet, MARKS_ONLY) }}
          />
        ) : (
          <span className="font-medium text-nebula-300">{c.title || 'Sans titre'}</span>
        )}
        <Snippet html={c.snippet} className="mt-1 text-slate-300" />
      </Link>
    ));
  } else if (kind === 'flashcards') {
    items = results.flashcards.map((f) => (
      <Link key={f.id} to={`/concepts/${f.concept_id}`} className={itemClass}>
        <Snippet html={f.question_snippet} className="font-medium text-slate-100" />
        <Snippet html={f.answer_snippet} className="mt-1 text-slate-300" />
        <span className="mt-1 block text-xs text-slate-400">Concept : {f.concept_title}</span>
      </Link>
    ));
  } else if (kind === 'notes') {
    items = results.notes.map((n) => (
      <Link key={n.block_id} to={`/daily/${n.date}#block-${n.block_id}`} className={itemClass}>
        <span className="font-medium text-nebula-300">{n.title ? `${n.title} — ${n.date}` : n.date}</span>
        <Snippet html={n.snippet} className="mt-1 text-slate-300" />
      </Link>
    ));
  } else {
    items = results.constellations.map((k) => (
      <Link key={k.id} to={`/constellations/${k.id}/concepts`} className={itemClass}>
        <span className="font-medium" style={{ color: k.color }}>
          {k.icon ? `${k.icon} ` : ''}
          {k.name}
        </span>
        <Snippet html={k.snippet} className="mt-1 text-slate-300" />
      </Link>
    ));
  }
  return (
    <ul className="space-y-2" data-testid={`results-${kind}`}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** Shown only when the kind's total exceeds one page. */
export function Pager({ label, page, total, busy, onPage }: { label: string; page: number; total: number; busy: boolean; onPage(page: number): void }) {
  const pages = Math.ceil(total / SEARCH_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <nav aria-label={`Pagination ${label}`} className="mt-3 flex items-center justify-center gap-3 text-sm">
      <button type="button" className="btn-ghost" disabled={busy || page === 0} onClick={() => onPage(page - 1)}>
        Précédent
      </button>
      <span>
        Page {page + 1} / {pages}
      </span>
      <button type="button" className="btn-ghost" disabled={busy || page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Suivant
      </button>
    </nav>
  );
}
