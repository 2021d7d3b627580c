CREATE TABLE `block_mentions` (
	`block_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	PRIMARY KEY(`block_id`, `concept_id`),
	FOREIGN KEY (`block_id`) REFERENCES `note_blocks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `block_mentions_concept` ON `block_mentions` (`concept_id`);--> statement-breakpoint
CREATE TABLE `concept_docs` (
	`concept_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`state` blob NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `concept_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	`target_concept_id` integer NOT NULL,
	`link_type` text DEFAULT 'wiki' NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `concept_links_unique` ON `concept_links` (`concept_id`,`target_concept_id`,`link_type`);--> statement-breakpoint
CREATE INDEX `concept_links_target` ON `concept_links` (`target_concept_id`);--> statement-breakpoint
CREATE INDEX `concept_links_user` ON `concept_links` (`user_id`);--> statement-breakpoint
CREATE TABLE `concept_relations` (
	`user_id` integer NOT NULL,
	`parent_id` integer NOT NULL,
	`child_id` integer NOT NULL,
	PRIMARY KEY(`parent_id`, `child_id`),
	FOREIGN KEY (`parent_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `concept_relations_child` ON `concept_relations` (`child_id`,`parent_id`);--> statement-breakpoint
CREATE TABLE `concept_tags` (
	`concept_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`concept_id`, `tag_id`),
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `concept_tags_tag` ON `concept_tags` (`tag_id`,`concept_id`);--> statement-breakpoint
CREATE TABLE `concepts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`title_key` text NOT NULL,
	`content` text,
	`content_text` text DEFAULT '' NOT NULL,
	`notes` text,
	`source` text DEFAULT 'MANUAL' NOT NULL,
	`source_url` text,
	`category` text,
	`mastery_level` real,
	`next_review_at` integer,
	`content_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `concepts_user_updated` ON `concepts` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `concepts_user_created` ON `concepts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `concepts_user_title` ON `concepts` (`user_id`,`title_key`);--> statement-breakpoint
CREATE INDEX `concepts_user_mastery` ON `concepts` (`user_id`,`mastery_level`);--> statement-breakpoint
CREATE TABLE `constellation_concepts` (
	`constellation_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`constellation_id`, `concept_id`),
	FOREIGN KEY (`constellation_id`) REFERENCES `constellations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `constellation_concepts_concept` ON `constellation_concepts` (`concept_id`);--> statement-breakpoint
CREATE TABLE `constellations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`color` text DEFAULT '#4e337c' NOT NULL,
	`icon` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `constellations_user` ON `constellations` (`user_id`);--> statement-breakpoint
CREATE TABLE `daily_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`date` text NOT NULL,
	`title` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_notes_user_date` ON `daily_notes` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_key` ON `files` (`key`);--> statement-breakpoint
CREATE INDEX `files_user` ON `files` (`user_id`);--> statement-breakpoint
CREATE TABLE `flashcards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`due` integer NOT NULL,
	`stability` real DEFAULT 0 NOT NULL,
	`difficulty` real DEFAULT 0 NOT NULL,
	`elapsed_days` integer DEFAULT 0 NOT NULL,
	`scheduled_days` integer DEFAULT 0 NOT NULL,
	`learning_steps` integer DEFAULT 0 NOT NULL,
	`reps` integer DEFAULT 0 NOT NULL,
	`lapses` integer DEFAULT 0 NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`last_review` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flashcards_user_due` ON `flashcards` (`user_id`,`due`);--> statement-breakpoint
CREATE INDEX `flashcards_concept` ON `flashcards` (`concept_id`);--> statement-breakpoint
CREATE INDEX `flashcards_user_state` ON `flashcards` (`user_id`,`state`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `note_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`note_id` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`plain_text` text DEFAULT '' NOT NULL,
	`order_idx` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`note_id`) REFERENCES `daily_notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `note_blocks_note` ON `note_blocks` (`note_id`,`order_idx`);--> statement-breakpoint
CREATE TABLE `push_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_tokens_token` ON `push_tokens` (`user_id`,`token`);--> statement-breakpoint
CREATE TABLE `review_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`flashcard_id` integer NOT NULL,
	`session_id` integer,
	`rating` integer NOT NULL,
	`state` integer NOT NULL,
	`due` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`elapsed_days` integer NOT NULL,
	`last_elapsed_days` integer NOT NULL,
	`scheduled_days` integer NOT NULL,
	`learning_steps` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	`duration_ms` integer,
	`card_before` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flashcard_id`) REFERENCES `flashcards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_logs_user_time` ON `review_logs` (`user_id`,`reviewed_at`);--> statement-breakpoint
CREATE INDEX `review_logs_card_time` ON `review_logs` (`flashcard_id`,`reviewed_at`);--> statement-breakpoint
CREATE TABLE `study_session_cards` (
	`session_id` integer NOT NULL,
	`flashcard_id` integer NOT NULL,
	`position` integer NOT NULL,
	`rating` integer,
	`answered_at` integer,
	PRIMARY KEY(`session_id`, `flashcard_id`),
	FOREIGN KEY (`session_id`) REFERENCES `study_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flashcard_id`) REFERENCES `flashcards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_session_cards_order` ON `study_session_cards` (`session_id`,`position`);--> statement-breakpoint
CREATE TABLE `study_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`method_type` text NOT NULL,
	`scope` text NOT NULL,
	`total_cards` integer NOT NULL,
	`cards_reviewed` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_sessions_user` ON `study_sessions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_user_name` ON `tags` (`user_id`,`name_key`);--> statement-breakpoint
CREATE TABLE `user_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`time_zone` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key` ON `users` (`username_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);