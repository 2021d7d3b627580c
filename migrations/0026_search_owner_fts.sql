-- Issue 12: each full-text index also holds its row's owner (`user_id`, one token), so a
-- search asks the index for `user_id : "N" AND {text columns} : (…)` and FTS5 intersects
-- the person's rows with the words' rows inside the index, instead of matching everyone's
-- rows and dropping other people's after. D1 keeps every person in one database: without
-- this, a search's cost grew with the whole user base, not with the person's own notes.
-- The text columns keep their places (snippet() column numbers are unchanged); the owner
-- column is last, weighted 0 in bm25. Rebuilt from the tables (external content), with
-- triggers that now pass the owner too.
--> statement-breakpoint
DROP TRIGGER IF EXISTS concepts_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS concepts_fts_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS concepts_fts_update;
--> statement-breakpoint
DROP TABLE IF EXISTS concepts_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE concepts_fts USING fts5(
  title,
  content_text,
  user_id,
  content='concepts',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER concepts_fts_insert AFTER INSERT ON concepts BEGIN
  INSERT INTO concepts_fts(rowid, title, content_text, user_id) VALUES (new.id, new.title, new.content_text, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER concepts_fts_delete AFTER DELETE ON concepts BEGIN
  INSERT INTO concepts_fts(concepts_fts, rowid, title, content_text, user_id) VALUES ('delete', old.id, old.title, old.content_text, old.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER concepts_fts_update AFTER UPDATE OF title, content_text ON concepts BEGIN
  INSERT INTO concepts_fts(concepts_fts, rowid, title, content_text, user_id) VALUES ('delete', old.id, old.title, old.content_text, old.user_id);
  INSERT INTO concepts_fts(rowid, title, content_text, user_id) VALUES (new.id, new.title, new.content_text, new.user_id);
END;
--> statement-breakpoint
INSERT INTO concepts_fts(concepts_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS flashcards_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS flashcards_fts_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS flashcards_fts_update;
--> statement-breakpoint
DROP TABLE IF EXISTS flashcards_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE flashcards_fts USING fts5(
  question,
  answer,
  user_id,
  content='flashcards',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER flashcards_fts_insert AFTER INSERT ON flashcards BEGIN
  INSERT INTO flashcards_fts(rowid, question, answer, user_id) VALUES (new.id, new.question, new.answer, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER flashcards_fts_delete AFTER DELETE ON flashcards BEGIN
  INSERT INTO flashcards_fts(flashcards_fts, rowid, question, answer, user_id) VALUES ('delete', old.id, old.question, old.answer, old.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER flashcards_fts_update AFTER UPDATE OF question, answer ON flashcards BEGIN
  INSERT INTO flashcards_fts(flashcards_fts, rowid, question, answer, user_id) VALUES ('delete', old.id, old.question, old.answer, old.user_id);
  INSERT INTO flashcards_fts(rowid, question, answer, user_id) VALUES (new.id, new.question, new.answer, new.user_id);
END;
--> statement-breakpoint
INSERT INTO flashcards_fts(flashcards_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS note_blocks_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS note_blocks_fts_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS note_blocks_fts_update;
--> statement-breakpoint
DROP TABLE IF EXISTS note_blocks_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE note_blocks_fts USING fts5(
  plain_text,
  user_id,
  content='note_blocks',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER note_blocks_fts_insert AFTER INSERT ON note_blocks BEGIN
  INSERT INTO note_blocks_fts(rowid, plain_text, user_id) VALUES (new.id, new.plain_text, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER note_blocks_fts_delete AFTER DELETE ON note_blocks BEGIN
  INSERT INTO note_blocks_fts(note_blocks_fts, rowid, plain_text, user_id) VALUES ('delete', old.id, old.plain_text, old.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER note_blocks_fts_update AFTER UPDATE OF plain_text ON note_blocks BEGIN
  INSERT INTO note_blocks_fts(note_blocks_fts, rowid, plain_text, user_id) VALUES ('delete', old.id, old.plain_text, old.user_id);
  INSERT INTO note_blocks_fts(rowid, plain_text, user_id) VALUES (new.id, new.plain_text, new.user_id);
END;
--> statement-breakpoint
INSERT INTO note_blocks_fts(note_blocks_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS constellations_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS constellations_fts_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS constellations_fts_update;
--> statement-breakpoint
DROP TABLE IF EXISTS constellations_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE constellations_fts USING fts5(
  name,
  description,
  user_id,
  content='constellations',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER constellations_fts_insert AFTER INSERT ON constellations BEGIN
  INSERT INTO constellations_fts(rowid, name, description, user_id) VALUES (new.id, new.name, new.description, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER constellations_fts_delete AFTER DELETE ON constellations BEGIN
  INSERT INTO constellations_fts(constellations_fts, rowid, name, description, user_id) VALUES ('delete', old.id, old.name, old.description, old.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER constellations_fts_update AFTER UPDATE OF name, description ON constellations BEGIN
  INSERT INTO constellations_fts(constellations_fts, rowid, name, description, user_id) VALUES ('delete', old.id, old.name, old.description, old.user_id);
  INSERT INTO constellations_fts(rowid, name, description, user_id) VALUES (new.id, new.name, new.description, new.user_id);
END;
--> statement-breakpoint
INSERT INTO constellations_fts(constellations_fts) VALUES ('rebuild');
