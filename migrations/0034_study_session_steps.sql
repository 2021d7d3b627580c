-- A Composite study session chains methods per concept in the order the person chose:
-- its steps (JSON array of method names, e.g. ["BLURTING","FLASHCARDS","FEYNMAN"]).
-- Null for a session of a single method.
ALTER TABLE `study_sessions` ADD `steps` text;
