/**
 * A concept's content, read-only, with other concepts' titles auto-linked and the hover
 * preview on every concept link. A click on a concept link navigates inside the app.
 */
import type { JSONContent } from '@tiptap/react';
import { useMemo, useRef } from 'react';
import { contentToDoc } from '@domain/richtext';
import { useNavigate } from 'react-router';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { AutoLinkTitles, type ConceptLinkHover } from './auto-link-titles';
import { useConceptHoverPreview } from './ConceptHoverPreview';
import type { Concept, ConceptRef } from '../../api/concepts';
import { usePreferences } from '../settings/preferences-context';

const NO_TITLES: ConceptRef[] = [];

export function ConceptContent({ concept, titles: allTitles }: { concept: Concept; titles: ConceptRef[] }) {
  const navigate = useNavigate();
  // Preference `auto_link_enabled`: off, other concepts' titles are not turned into links.
  const titles = usePreferences().preferences.auto_link_enabled ? allTitles : NO_TITLES;
  const { onHover, card } = useConceptHoverPreview();
  // The editor keeps the extension it was created with: route callbacks through refs.
  const latest = useRef({ navigate, onHover });
  latest.current = { navigate, onHover };
  const extensions = useMemo(
    () => [
      AutoLinkTitles.configure({
        titles,
        currentConceptId: concept.id,
        onOpen: (id: number) => latest.current.navigate(`/concepts/${id}`),
        onHover: (hover: ConceptLinkHover | null) => latest.current.onHover(hover),
      }),
    ],
    [titles, concept.id],
  );

  const doc = useMemo(() => contentToDoc(concept.content) as JSONContent | null, [concept.content]);

  if (!doc) return <p className="text-slate-400 italic">Aucun contenu.</p>;
  return (
    <div data-testid="concept-content">
      <RichTextEditor key={concept.id} value={doc} editable={false} conceptId={concept.id} ariaLabel="Contenu du concept" extraExtensions={extensions} />
      {card}
    </div>
  );
}
