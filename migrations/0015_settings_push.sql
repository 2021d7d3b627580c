-- Settings and Web Push (issue 16). A push token is a standard Web Push subscription:
-- `token` keeps the endpoint (unique per person), the two keys of RFC 8291 sit beside it.
-- `reminder_day` on users is the person's local date (yyyy-MM-dd) of the last daily
-- reminder sent, so the 15-minute cron sends at most one per local day.
ALTER TABLE `push_tokens` ADD `p256dh` text;
--> statement-breakpoint
ALTER TABLE `push_tokens` ADD `auth` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `reminder_day` text;
