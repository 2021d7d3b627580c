-- Stable uids for exported objects (issue 15: JSON backup and restore). A backup names
-- every object by a uid that survives a restore into another account, so a later merge
-- import recognises it. Ids stay integers; the uid lives beside them, unique per person.
-- SQLite cannot ADD COLUMN with a non-constant DEFAULT, so rows written without a uid
-- (every writer other than an import) get a random one from an AFTER INSERT trigger.
-- Tags (name), daily notes (date) and files (R2 key) already have a natural unique key.
ALTER TABLE `concepts` ADD `uid` text;
--> statement-breakpoint
UPDATE `concepts` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `concepts_user_uid` ON `concepts` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `concepts_uid_default` AFTER INSERT ON `concepts` WHEN new.uid IS NULL BEGIN
  UPDATE `concepts` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
ALTER TABLE `concept_links` ADD `uid` text;
--> statement-breakpoint
UPDATE `concept_links` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `concept_links_user_uid` ON `concept_links` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `concept_links_uid_default` AFTER INSERT ON `concept_links` WHEN new.uid IS NULL BEGIN
  UPDATE `concept_links` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
ALTER TABLE `constellations` ADD `uid` text;
--> statement-breakpoint
UPDATE `constellations` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `constellations_user_uid` ON `constellations` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `constellations_uid_default` AFTER INSERT ON `constellations` WHEN new.uid IS NULL BEGIN
  UPDATE `constellations` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
ALTER TABLE `flashcards` ADD `uid` text;
--> statement-breakpoint
UPDATE `flashcards` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `flashcards_user_uid` ON `flashcards` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `flashcards_uid_default` AFTER INSERT ON `flashcards` WHEN new.uid IS NULL BEGIN
  UPDATE `flashcards` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
ALTER TABLE `study_sessions` ADD `uid` text;
--> statement-breakpoint
UPDATE `study_sessions` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `study_sessions_user_uid` ON `study_sessions` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `study_sessions_uid_default` AFTER INSERT ON `study_sessions` WHEN new.uid IS NULL BEGIN
  UPDATE `study_sessions` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
ALTER TABLE `review_logs` ADD `uid` text;
--> statement-breakpoint
UPDATE `review_logs` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `review_logs_user_uid` ON `review_logs` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `review_logs_uid_default` AFTER INSERT ON `review_logs` WHEN new.uid IS NULL BEGIN
  UPDATE `review_logs` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
ALTER TABLE `note_blocks` ADD `uid` text;
--> statement-breakpoint
UPDATE `note_blocks` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `note_blocks_user_uid` ON `note_blocks` (`user_id`, `uid`);
--> statement-breakpoint
CREATE TRIGGER `note_blocks_uid_default` AFTER INSERT ON `note_blocks` WHEN new.uid IS NULL BEGIN
  UPDATE `note_blocks` SET `uid` = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
-- Imports are staged here in as many requests as the file needs, then switched into
-- the person's tables by one atomic batch; rows of a failed or abandoned import are
-- deleted (and anything older than a day is swept when the next import starts).
CREATE TABLE `import_jobs` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `merge` integer NOT NULL,
  -- The backup's account and preferences (JSON), written by the switch.
  `header` text NOT NULL,
  `created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `import_jobs_user` ON `import_jobs` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE TABLE `import_rows` (
  `import_id` text NOT NULL REFERENCES `import_jobs`(`id`) ON DELETE cascade,
  `section` text NOT NULL,
  `seq` integer NOT NULL,
  -- The row's identity (uid, date or key), so references are checked through an index.
  `uid` text,
  `row` text NOT NULL,
  PRIMARY KEY (`import_id`, `section`, `seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `import_rows_uid` ON `import_rows` (`import_id`, `section`, `uid`);
