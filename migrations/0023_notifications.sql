-- Issue 16: progress and achievement notifications waiting to be pushed, by the person's
-- `notification_frequency` (immediate, batched hourly, daily digest). An event's key is
-- unique per person, so the same session or milestone is never told twice; a sent row keeps
-- its key (sent_at set) for that reason.
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('progress', 'achievement')),
  event_key TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  url TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE UNIQUE INDEX notifications_event ON notifications (user_id, event_key);
-- What the cron looks for: only the waiting rows.
CREATE INDEX notifications_waiting ON notifications (user_id, created_at) WHERE sent_at IS NULL;
-- Local date of the last daily digest sent.
ALTER TABLE users ADD COLUMN digest_day TEXT;
