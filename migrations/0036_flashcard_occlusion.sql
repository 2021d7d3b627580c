-- The shapes of an image-occlusion card (JSON {image, shapes, target, mode}); null for a question/answer card.
ALTER TABLE `flashcards` ADD `occlusion` text;