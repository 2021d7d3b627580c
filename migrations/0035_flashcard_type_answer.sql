-- Whether a flashcard's answer is typed in review and compared character by character with the card's.
ALTER TABLE `flashcards` ADD `type_answer` integer DEFAULT 0 NOT NULL;