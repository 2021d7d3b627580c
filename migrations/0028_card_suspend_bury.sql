-- Workload tools (issue 30). A flashcard may be suspended (kept out of every study queue
-- until the person unsuspends it: by hand or as a leech) or buried until an instant (the
-- start of the next study day: a sibling answered today, or buried by hand). The same two
-- notions as Anki's queue -1 (suspended) and -2/-3 (buried), so imports and exports can map
-- them. The due index carries both, so due lists and counts still read the index alone.
ALTER TABLE flashcards ADD COLUMN suspended INTEGER NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE flashcards ADD COLUMN buried_until INTEGER;--> statement-breakpoint
DROP INDEX `flashcards_user_due_state`;--> statement-breakpoint
CREATE INDEX `flashcards_user_due_state` ON `flashcards` (`user_id`,`due`,`state`,`suspended`,`buried_until`);--> statement-breakpoint
-- What an answer did beyond the card's memory state (siblings buried, leech tag and
-- suspension), as JSON, so undoing the answer takes all of it back.
ALTER TABLE review_logs ADD COLUMN effects TEXT;--> statement-breakpoint
-- Suspend, bury, reschedule and forget by hand: each keeps what the card was before it,
-- so the last one can be undone while the card has not changed since.
CREATE TABLE `flashcard_actions` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `flashcard_id` integer NOT NULL REFERENCES `flashcards`(`id`) ON DELETE cascade,
  `action` text NOT NULL,
  `card_before` text NOT NULL,
  `done_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `flashcard_actions_card` ON `flashcard_actions` (`flashcard_id`, `id`);
