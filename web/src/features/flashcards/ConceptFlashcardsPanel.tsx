/** The concept page's flashcards panel ('Réviser' / 'Créer'); arrives with the study work. */
export function ConceptFlashcardsPanel(_props: { conceptId: number; conceptTitle: string }) {
  return null;
}
