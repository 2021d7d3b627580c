-- Each card imported from Anki keeps its Anki identity (issue 27), so that exporting it
-- again lets Anki update the same note instead of adding a new one: `anki_note` is JSON
-- {"guid", "ord", "type_id", "fields"} — the note's guid, the card's ordinal (template,
-- or cloze number minus one), its note type's Anki id and the note's fields as Anki wrote
-- them. NULL for cards made in Astrolabe.
ALTER TABLE flashcards ADD COLUMN anki_note TEXT;

-- The note types of the person's imported Anki notes, by their Anki id: name, kind (0
-- normal, 1 cloze) and `config` JSON {"fields": [...], "templates": [{ord, name, qfmt,
-- afmt}], "css"}. Written by the Anki import, read by the Anki export.
CREATE TABLE anki_note_types (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  anki_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind INTEGER NOT NULL,
  config TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, anki_id)
);
