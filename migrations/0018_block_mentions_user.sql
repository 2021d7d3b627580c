-- block_mentions gets its owner like every other owned row (issue 10): each statement
-- that reads or deletes mentions is scoped by user_id without a join through note_blocks,
-- and the concept page's mentions panel reads (user_id, concept_id) from one index. The
-- concept_id index stays: deleting a concept cascades to its mentions through it.
-- SQLite cannot add a NOT NULL column without a default, so the table is rebuilt.
CREATE TABLE block_mentions_new (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  block_id integer NOT NULL REFERENCES note_blocks(id) ON DELETE CASCADE,
  concept_id integer NOT NULL REFERENCES concepts(id) ON DELETE CASCADE,
  PRIMARY KEY (block_id, concept_id)
);
--> statement-breakpoint
INSERT INTO block_mentions_new (user_id, block_id, concept_id)
SELECT b.user_id, m.block_id, m.concept_id FROM block_mentions m JOIN note_blocks b ON b.id = m.block_id;
--> statement-breakpoint
DROP TABLE block_mentions;
--> statement-breakpoint
ALTER TABLE block_mentions_new RENAME TO block_mentions;
--> statement-breakpoint
CREATE INDEX block_mentions_user_concept ON block_mentions (user_id, concept_id);
--> statement-breakpoint
CREATE INDEX block_mentions_concept ON block_mentions (concept_id);
