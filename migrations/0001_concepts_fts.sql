-- Full-text index over concepts (title and derived plain text), external content so the
-- text is stored once. Triggers keep it in step with every insert, update and delete.
-- Later migrations add the same for flashcards and note blocks (global search).
CREATE VIRTUAL TABLE concepts_fts USING fts5(
  title,
  content_text,
  content='concepts',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER concepts_fts_insert AFTER INSERT ON concepts BEGIN
  INSERT INTO concepts_fts(rowid, title, content_text) VALUES (new.id, new.title, new.content_text);
END;
--> statement-breakpoint
CREATE TRIGGER concepts_fts_delete AFTER DELETE ON concepts BEGIN
  INSERT INTO concepts_fts(concepts_fts, rowid, title, content_text) VALUES ('delete', old.id, old.title, old.content_text);
END;
--> statement-breakpoint
CREATE TRIGGER concepts_fts_update AFTER UPDATE OF title, content_text ON concepts BEGIN
  INSERT INTO concepts_fts(concepts_fts, rowid, title, content_text) VALUES ('delete', old.id, old.title, old.content_text);
  INSERT INTO concepts_fts(rowid, title, content_text) VALUES (new.id, new.title, new.content_text);
END;
