CREATE TABLE `concept_content_versions` (
	`concept_id` integer NOT NULL,
	`version` integer NOT NULL,
	`content` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`concept_id`, `version`),
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Every concept's current content is a known base from the start: a read made before this
-- migration can still be merged.
INSERT INTO `concept_content_versions` (`concept_id`, `version`, `content`, `created_at`)
SELECT `id`, `content_version`, `content`, `updated_at` FROM `concepts`;
