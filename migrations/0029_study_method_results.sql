-- The four other study methods (issue 31): Blurting, Feynman, Cornell and Composite.
--
-- A session of one of them works on concepts, not on a list of cards: its concepts, in
-- the order chosen, are kept in study_session_concepts.
CREATE TABLE `study_session_concepts` (
	`session_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`session_id`, `concept_id`),
	FOREIGN KEY (`session_id`) REFERENCES `study_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_session_concepts_concept` ON `study_session_concepts` (`concept_id`);
--> statement-breakpoint
-- One row per concept and method step of a session: what the person wrote (details, JSON),
-- the recall score it earned (Blurting; it feeds the concept's mastery as an observation),
-- the cards it created and the time spent. Saving the same step again replaces it.
CREATE TABLE `study_method_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`concept_id` integer NOT NULL,
	`method_type` text NOT NULL,
	`recall_score` real,
	`details` text NOT NULL,
	`cards_created` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `study_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concept_id`) REFERENCES `concepts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `study_method_results_step` ON `study_method_results` (`session_id`, `concept_id`, `method_type`);
--> statement-breakpoint
-- The concept's latest recall score (mastery) and its history (progress over time).
CREATE INDEX `study_method_results_concept` ON `study_method_results` (`concept_id`, `updated_at`);
--> statement-breakpoint
-- Study time and streaks (review_activity, migration 0002) count the time spent in these
-- methods too: a result adds its time to its quarter hour, without counting an answer.
-- At most an hour per result, as an answer counts at most a minute.
CREATE TRIGGER study_method_activity_insert AFTER INSERT ON study_method_results BEGIN
  INSERT INTO review_activity (user_id, slot, duration_ms)
  VALUES (new.user_id, new.created_at - (new.created_at % 900000), MIN(MAX(new.duration_ms, 0), 3600000))
  ON CONFLICT (user_id, slot) DO UPDATE SET duration_ms = duration_ms + excluded.duration_ms;
END;
--> statement-breakpoint
CREATE TRIGGER study_method_activity_update AFTER UPDATE OF duration_ms ON study_method_results BEGIN
  UPDATE review_activity SET duration_ms = duration_ms - MIN(MAX(old.duration_ms, 0), 3600000) + MIN(MAX(new.duration_ms, 0), 3600000)
  WHERE user_id = old.user_id AND slot = old.created_at - (old.created_at % 900000);
END;
--> statement-breakpoint
CREATE TRIGGER study_method_activity_delete AFTER DELETE ON study_method_results BEGIN
  UPDATE review_activity SET duration_ms = duration_ms - MIN(MAX(old.duration_ms, 0), 3600000)
  WHERE user_id = old.user_id AND slot = old.created_at - (old.created_at % 900000);
  DELETE FROM review_activity WHERE user_id = old.user_id AND slot = old.created_at - (old.created_at % 900000) AND reviews <= 0 AND duration_ms <= 0;
END;
--> statement-breakpoint
-- An undone answer no longer drops a quarter hour that still holds a method's time.
DROP TRIGGER review_activity_delete;
--> statement-breakpoint
CREATE TRIGGER review_activity_delete AFTER DELETE ON review_logs BEGIN
  UPDATE review_activity SET
    reviews = reviews - 1,
    again_count = again_count - (old.rating = 1),
    hard_count = hard_count - (old.rating = 2),
    good_count = good_count - (old.rating = 3),
    easy_count = easy_count - (old.rating = 4),
    duration_ms = duration_ms - MIN(MAX(COALESCE(old.duration_ms, 0), 0), 60000)
  WHERE user_id = old.user_id AND slot = old.reviewed_at - (old.reviewed_at % 900000);
  DELETE FROM review_activity WHERE user_id = old.user_id AND slot = old.reviewed_at - (old.reviewed_at % 900000) AND reviews <= 0 AND duration_ms <= 0;
END;
