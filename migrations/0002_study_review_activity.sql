CREATE TABLE `review_activity` (
	`user_id` integer NOT NULL,
	`slot` integer NOT NULL,
	`reviews` integer DEFAULT 0 NOT NULL,
	`again_count` integer DEFAULT 0 NOT NULL,
	`hard_count` integer DEFAULT 0 NOT NULL,
	`good_count` integer DEFAULT 0 NOT NULL,
	`easy_count` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `slot`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Keep review_activity in step with review_logs for every writer (answers, undo, imports,
-- cascading deletes of cards and accounts).
CREATE TRIGGER review_activity_insert AFTER INSERT ON review_logs BEGIN
  INSERT INTO review_activity (user_id, slot, reviews, again_count, hard_count, good_count, easy_count, duration_ms)
  VALUES (new.user_id, new.reviewed_at - (new.reviewed_at % 900000), 1, new.rating = 1, new.rating = 2, new.rating = 3, new.rating = 4,
          MIN(MAX(COALESCE(new.duration_ms, 0), 0), 60000))
  ON CONFLICT (user_id, slot) DO UPDATE SET
    reviews = reviews + 1,
    again_count = again_count + excluded.again_count,
    hard_count = hard_count + excluded.hard_count,
    good_count = good_count + excluded.good_count,
    easy_count = easy_count + excluded.easy_count,
    duration_ms = duration_ms + excluded.duration_ms;
END;
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
  DELETE FROM review_activity WHERE user_id = old.user_id AND slot = old.reviewed_at - (old.reviewed_at % 900000) AND reviews <= 0;
END;
