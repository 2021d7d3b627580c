/**
 * Blurting's comparison: the person's text beside the concept's content, each key item
 * marked found (green, ✓) or missed (red, ✗) — marked by sign as well as colour — with the
 * recall score and the lists of what was recalled and what was missed.
 */
import { contentToPlainText } from '@domain/richtext';
import type { RecallResult } from '@domain/recall-score';
import { markItems } from './highlight';

export const percent = (score: number | null) => (score === null ? '—' : `${Math.round(score * 100)} %`);

function ConceptText({ content, result }: { content: unknown; result: RecallResult }) {
  const lines = contentToPlainText(content).split('\n').filter((l) => l.trim());
  if (!lines.length) return <p className="text-slate-400 italic">Aucun contenu.</p>;
  return (
    <div className="space-y-2">
      {lines.map((line, i) => (
        <p key={i}>
          {markItems(line, result.items).map((piece, j) =>
            piece.item ? (
              <mark
                key={j}
                className={piece.item.found ? 'rounded bg-emerald-500/25 px-0.5 text-emerald-100' : 'rounded bg-red-500/25 px-0.5 text-red-100 underline decoration-red-300 decoration-wavy'}
              >
                {piece.text}
                <span className="sr-only">{piece.item.found ? ' (retrouvé)' : ' (oublié)'}</span>
              </mark>
            ) : (
              <span key={j}>{piece.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}

export function BlurtingComparison({ text, content, result }: { text: string; content: unknown; result: RecallResult }) {
  const found = result.items.filter((i) => i.found);
  const missed = result.items.filter((i) => !i.found);
  return (
    <div className="space-y-4">
      <p className="text-lg" data-testid="recall-score">
        Rappel : <strong>{percent(result.score)}</strong>{' '}
        <span className="text-slate-400">
          ({found.length} / {result.items.length} éléments clés)
        </span>
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <section className="card" aria-labelledby="blurt-yours">
          <h3 id="blurt-yours" className="mb-2 font-semibold">
            Votre texte
          </h3>
          <p className="whitespace-pre-wrap text-slate-200" data-testid="blurt-text">
            {text || <span className="text-slate-400 italic">(vide)</span>}
          </p>
        </section>
        <section className="card" aria-labelledby="blurt-concept">
          <h3 id="blurt-concept" className="mb-2 font-semibold">
            Le concept
          </h3>
          <ConceptText content={content} result={result} />
        </section>
      </div>
      {result.items.length === 0 ? (
        <p className="text-slate-400">Ce concept n'a pas d'élément clé (date, nombre, nom ou terme défini) à comparer.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <ItemList title="Retrouvés" sign="✓" items={found.map((i) => i.text)} tone="text-emerald-200" testId="items-found" />
          <ItemList title="Oubliés" sign="✗" items={missed.map((i) => i.text)} tone="text-red-200" testId="items-missed" />
        </div>
      )}
    </div>
  );
}

function ItemList({ title, sign, items, tone, testId }: { title: string; sign: string; items: string[]; tone: string; testId: string }) {
  return (
    <section>
      <h3 className="mb-1 font-semibold">
        {title} ({items.length})
      </h3>
      <ul className={`space-y-0.5 ${tone}`} data-testid={testId}>
        {items.map((item) => (
          <li key={item}>
            <span aria-hidden>{sign} </span>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
