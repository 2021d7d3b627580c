-- Issue 11: a daily note is edited live in its own party room. The room's Yjs state is
-- kept here (like concept_docs), with the version of each block row it was saved with:
-- a row whose version moved past it was written outside the room (REST, an import) and
-- is brought into the live document when the room next loads or is told.
CREATE TABLE note_docs (
  note_id INTEGER PRIMARY KEY NOT NULL REFERENCES daily_notes(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  state BLOB NOT NULL,
  versions TEXT NOT NULL DEFAULT '{}',
  updated_at INTEGER NOT NULL
);
CREATE INDEX note_docs_user ON note_docs (user_id);
