-- The language each side of a flashcard is read aloud in (text-to-speech); null: guessed from the text.
ALTER TABLE `flashcards` ADD `question_lang` text;--> statement-breakpoint
ALTER TABLE `flashcards` ADD `answer_lang` text;
