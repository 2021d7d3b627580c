-- Covering indexes for the galaxy and the knowledge graph (issue 13), which read every
-- concept and every link of a person on each visit (10,000 concepts, 40,000 links).
-- Hand-written and not in the drizzle schema (like the FTS tables): drizzle-kit never
-- sees them, so it never generates them twice.
-- Stars: id, title and mastery without reading the large concept rows, already in id order.
CREATE INDEX `concepts_user_graph` ON `concepts` (`user_id`, `id`, `title`, `mastery_level`);
-- A concept's oldest constellation, from the index alone.
CREATE INDEX `constellation_concepts_concept_graph` ON `constellation_concepts` (`concept_id`, `constellation_id`);
-- Links and relations of one person, from the index alone (relations had no user_id index).
CREATE INDEX `concept_links_user_graph` ON `concept_links` (`user_id`, `concept_id`, `target_concept_id`, `link_type`);
CREATE INDEX `concept_relations_user` ON `concept_relations` (`user_id`, `parent_id`, `child_id`);
