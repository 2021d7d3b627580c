-- The knowledge graph's versions per person (issue 13). `graph_version` moves with every
-- change the stars show — a concept added, removed, renamed or given another mastery; a
-- flashcard added, removed or moved (star sizes); a constellation membership; a link or a
-- parent/child relation (sizes and places). `graph_links_version` moves with the links and
-- relations alone. The graph endpoints keep their answers per person in the isolate under
-- these versions, so a repeated load is served without reading and placing 10,000 concepts
-- again, and a study change (cards, mastery) leaves the links' answer kept. Triggers move
-- them, so no write path (the API, an import, a delete cascading from a concept) can leave
-- a stale graph behind.
ALTER TABLE users ADD COLUMN graph_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN graph_links_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER concepts_graph_insert AFTER INSERT ON concepts BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER concepts_graph_delete AFTER DELETE ON concepts BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id = OLD.user_id;
END;
CREATE TRIGGER concepts_graph_update AFTER UPDATE OF title, mastery_level, user_id ON concepts
WHEN OLD.title IS NOT NEW.title OR OLD.mastery_level IS NOT NEW.mastery_level OR OLD.user_id IS NOT NEW.user_id BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id IN (OLD.user_id, NEW.user_id);
END;

CREATE TRIGGER flashcards_graph_insert AFTER INSERT ON flashcards BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER flashcards_graph_delete AFTER DELETE ON flashcards BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id = OLD.user_id;
END;
CREATE TRIGGER flashcards_graph_update AFTER UPDATE OF concept_id, user_id ON flashcards
WHEN OLD.concept_id IS NOT NEW.concept_id OR OLD.user_id IS NOT NEW.user_id BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id IN (OLD.user_id, NEW.user_id);
END;

CREATE TRIGGER concept_links_graph_insert AFTER INSERT ON concept_links BEGIN
  UPDATE users SET graph_version = graph_version + 1, graph_links_version = graph_links_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER concept_links_graph_delete AFTER DELETE ON concept_links BEGIN
  UPDATE users SET graph_version = graph_version + 1, graph_links_version = graph_links_version + 1 WHERE id = OLD.user_id;
END;
CREATE TRIGGER concept_links_graph_update AFTER UPDATE OF concept_id, target_concept_id, link_type, user_id ON concept_links
WHEN OLD.concept_id IS NOT NEW.concept_id OR OLD.target_concept_id IS NOT NEW.target_concept_id
  OR OLD.link_type IS NOT NEW.link_type OR OLD.user_id IS NOT NEW.user_id BEGIN
  UPDATE users SET graph_version = graph_version + 1, graph_links_version = graph_links_version + 1 WHERE id IN (OLD.user_id, NEW.user_id);
END;

CREATE TRIGGER concept_relations_graph_insert AFTER INSERT ON concept_relations BEGIN
  UPDATE users SET graph_version = graph_version + 1, graph_links_version = graph_links_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER concept_relations_graph_delete AFTER DELETE ON concept_relations BEGIN
  UPDATE users SET graph_version = graph_version + 1, graph_links_version = graph_links_version + 1 WHERE id = OLD.user_id;
END;
CREATE TRIGGER concept_relations_graph_update AFTER UPDATE ON concept_relations BEGIN
  UPDATE users SET graph_version = graph_version + 1, graph_links_version = graph_links_version + 1 WHERE id IN (OLD.user_id, NEW.user_id);
END;

-- A membership has no owner column: its concept's owner is the person.
CREATE TRIGGER constellation_concepts_graph_insert AFTER INSERT ON constellation_concepts BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id = (SELECT user_id FROM concepts WHERE id = NEW.concept_id);
END;
CREATE TRIGGER constellation_concepts_graph_delete AFTER DELETE ON constellation_concepts BEGIN
  UPDATE users SET graph_version = graph_version + 1 WHERE id = (SELECT user_id FROM concepts WHERE id = OLD.concept_id);
END;
CREATE TRIGGER constellation_concepts_graph_update AFTER UPDATE OF constellation_id, concept_id ON constellation_concepts BEGIN
  UPDATE users SET graph_version = graph_version + 1
  WHERE id IN (SELECT user_id FROM concepts WHERE id IN (OLD.concept_id, NEW.concept_id));
END;
