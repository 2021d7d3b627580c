-- Cornell sheets (issue 31): one per concept, its rows of cue and notes and its summary.
-- `version` counts saves; a write made from an older version is refused (409).
CREATE TABLE `cornell_sheets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	`rows` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cornell_sheets_concept` ON `cornell_sheets` (`concept_id`);
--> statement-breakpoint
CREATE INDEX `cornell_sheets_user` ON `cornell_sheets` (`user_id`);
