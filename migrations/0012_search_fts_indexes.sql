-- Global search (issue 12): full-text indexes over flashcards (question + answer), daily
-- note blocks (their plain text) and constellations (name + description), built like
-- concepts_fts (migration 0001): external content, so the text is stored once, and
-- triggers, so every writer (REST, live-room saves, imports, cascaded deletes) indexes in
-- the same transaction. Same tokenizer as concepts_fts: case- and accent-insensitive.
-- A flashcard's review rewrites its schedule, not its text: the update trigger watches
-- the text columns only, so studying costs no index work.
CREATE VIRTUAL TABLE flashcards_fts USING fts5(
  question,
  answer,
  content='flashcards',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER flashcards_fts_insert AFTER INSERT ON flashcards BEGIN
  INSERT INTO flashcards_fts(rowid, question, answer) VALUES (new.id, new.question, new.answer);
END;
--> statement-breakpoint
CREATE TRIGGER flashcards_fts_delete AFTER DELETE ON flashcards BEGIN
  INSERT INTO flashcards_fts(flashcards_fts, rowid, question, answer) VALUES ('delete', old.id, old.question, old.answer);
END;
--> statement-breakpoint
CREATE TRIGGER flashcards_fts_update AFTER UPDATE OF question, answer ON flashcards BEGIN
  INSERT INTO flashcards_fts(flashcards_fts, rowid, question, answer) VALUES ('delete', old.id, old.question, old.answer);
  INSERT INTO flashcards_fts(rowid, question, answer) VALUES (new.id, new.question, new.answer);
END;
--> statement-breakpoint
INSERT INTO flashcards_fts(flashcards_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE note_blocks_fts USING fts5(
  plain_text,
  content='note_blocks',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER note_blocks_fts_insert AFTER INSERT ON note_blocks BEGIN
  INSERT INTO note_blocks_fts(rowid, plain_text) VALUES (new.id, new.plain_text);
END;
--> statement-breakpoint
CREATE TRIGGER note_blocks_fts_delete AFTER DELETE ON note_blocks BEGIN
  INSERT INTO note_blocks_fts(note_blocks_fts, rowid, plain_text) VALUES ('delete', old.id, old.plain_text);
END;
--> statement-breakpoint
CREATE TRIGGER note_blocks_fts_update AFTER UPDATE OF plain_text ON note_blocks BEGIN
  INSERT INTO note_blocks_fts(note_blocks_fts, rowid, plain_text) VALUES ('delete', old.id, old.plain_text);
  INSERT INTO note_blocks_fts(rowid, plain_text) VALUES (new.id, new.plain_text);
END;
--> statement-breakpoint
INSERT INTO note_blocks_fts(note_blocks_fts) VALUES ('rebuild');
--> statement-breakpoint
-- A note's blocks are found per person and note; the search reads the block's note and date.
CREATE INDEX note_blocks_user ON note_blocks (user_id, note_id);
--> statement-breakpoint
CREATE VIRTUAL TABLE constellations_fts USING fts5(
  name,
  description,
  content='constellations',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER constellations_fts_insert AFTER INSERT ON constellations BEGIN
  INSERT INTO constellations_fts(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER constellations_fts_delete AFTER DELETE ON constellations BEGIN
  INSERT INTO constellations_fts(constellations_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER constellations_fts_update AFTER UPDATE OF name, description ON constellations BEGIN
  INSERT INTO constellations_fts(constellations_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
  INSERT INTO constellations_fts(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
INSERT INTO constellations_fts(constellations_fts) VALUES ('rebuild');
