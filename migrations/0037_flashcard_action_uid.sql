-- Actions done offline (a card suspended or buried in a study session without the server, uploaded with its answers): the device's client id, so a retried upload finds one applied and applies nothing again, and when one was undone (its row stays for that).
ALTER TABLE `flashcard_actions` ADD `uid` text;--> statement-breakpoint
ALTER TABLE `flashcard_actions` ADD `undone_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `flashcard_actions_uid` ON `flashcard_actions` (`user_id`,`uid`) WHERE "flashcard_actions"."uid" IS NOT NULL;
