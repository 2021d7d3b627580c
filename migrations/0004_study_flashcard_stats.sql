CREATE TABLE `flashcard_stats` (
	`user_id` integer NOT NULL,
	`state` integer NOT NULL,
	`cards` integer DEFAULT 0 NOT NULL,
	`stability_sum` real DEFAULT 0 NOT NULL,
	`difficulty_sum` real DEFAULT 0 NOT NULL,
	`lapses_sum` integer DEFAULT 0 NOT NULL,
	`low_stability` integer DEFAULT 0 NOT NULL,
	`high_stability` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `state`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `flashcards_user_due`;--> statement-breakpoint
CREATE INDEX `flashcards_user_due_state` ON `flashcards` (`user_id`,`due`,`state`);--> statement-breakpoint
CREATE INDEX `study_session_cards_card` ON `study_session_cards` (`flashcard_id`);--> statement-breakpoint
-- Keep flashcard_stats in step with flashcards for every writer (API, imports, cascades).
CREATE TRIGGER flashcard_stats_insert AFTER INSERT ON flashcards BEGIN
  INSERT INTO flashcard_stats (user_id, state, cards, stability_sum, difficulty_sum, lapses_sum, low_stability, high_stability)
  VALUES (new.user_id, new.state, 1, new.stability, new.difficulty, new.lapses, new.stability < 7, new.stability >= 30)
  ON CONFLICT (user_id, state) DO UPDATE SET
    cards = cards + 1,
    stability_sum = stability_sum + excluded.stability_sum,
    difficulty_sum = difficulty_sum + excluded.difficulty_sum,
    lapses_sum = lapses_sum + excluded.lapses_sum,
    low_stability = low_stability + excluded.low_stability,
    high_stability = high_stability + excluded.high_stability;
END;
--> statement-breakpoint
CREATE TRIGGER flashcard_stats_delete AFTER DELETE ON flashcards BEGIN
  UPDATE flashcard_stats SET
    cards = cards - 1,
    stability_sum = stability_sum - old.stability,
    difficulty_sum = difficulty_sum - old.difficulty,
    lapses_sum = lapses_sum - old.lapses,
    low_stability = low_stability - (old.stability < 7),
    high_stability = high_stability - (old.stability >= 30)
  WHERE user_id = old.user_id AND state = old.state;
END;
--> statement-breakpoint
CREATE TRIGGER flashcard_stats_update AFTER UPDATE OF state, stability, difficulty, lapses ON flashcards BEGIN
  UPDATE flashcard_stats SET
    cards = cards - 1,
    stability_sum = stability_sum - old.stability,
    difficulty_sum = difficulty_sum - old.difficulty,
    lapses_sum = lapses_sum - old.lapses,
    low_stability = low_stability - (old.stability < 7),
    high_stability = high_stability - (old.stability >= 30)
  WHERE user_id = old.user_id AND state = old.state;
  INSERT INTO flashcard_stats (user_id, state, cards, stability_sum, difficulty_sum, lapses_sum, low_stability, high_stability)
  VALUES (new.user_id, new.state, 1, new.stability, new.difficulty, new.lapses, new.stability < 7, new.stability >= 30)
  ON CONFLICT (user_id, state) DO UPDATE SET
    cards = cards + 1,
    stability_sum = stability_sum + excluded.stability_sum,
    difficulty_sum = difficulty_sum + excluded.difficulty_sum,
    lapses_sum = lapses_sum + excluded.lapses_sum,
    low_stability = low_stability + excluded.low_stability,
    high_stability = high_stability + excluded.high_stability;
END;
--> statement-breakpoint
-- Cards written before this migration.
INSERT INTO flashcard_stats (user_id, state, cards, stability_sum, difficulty_sum, lapses_sum, low_stability, high_stability)
SELECT user_id, state, COUNT(*), SUM(stability), SUM(difficulty), SUM(lapses), SUM(stability < 7), SUM(stability >= 30)
FROM flashcards GROUP BY user_id, state;
