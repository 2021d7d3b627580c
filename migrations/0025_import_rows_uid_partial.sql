-- Staged import rows (issue 15): the uid index serves the checks and joins that look a
-- staged object up by its uid. No section refers to a review, so staged reviews keep
-- their uid in their row only (uid NULL here) and take no entry in this index — for a
-- big backup's 300,000 reviews that index was a quarter of each upload call's write.
DROP INDEX `import_rows_uid`;
--> statement-breakpoint
CREATE INDEX `import_rows_uid` ON `import_rows` (`import_id`, `section`, `uid`) WHERE `uid` IS NOT NULL;
