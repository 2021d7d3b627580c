-- Daily notes (issue 11): a version per block so a REST write based on an older read is
-- refused (409) instead of overwriting newer text, and the highlights already imported,
-- so importing the same clippings file twice adds nothing.
ALTER TABLE note_blocks ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

CREATE TABLE note_highlights (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  highlight_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, highlight_key)
);
