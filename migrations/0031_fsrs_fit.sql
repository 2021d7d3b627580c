-- Automatic optimisation of the FSRS parameters (issue 30): the server keeps the last fit,
-- so every device decides alike when to fit again and a fit built on an older one is
-- refused. `fsrs_fit_id` moves with every fit recorded (a device sends the one it read);
-- `fsrs_fit_at` and `fsrs_fit_reviews` say when and on how many reviews; the log losses
-- of the parameters before and after it (NULL when unknown: a manual save, or a fit that
-- found nothing better).
ALTER TABLE users ADD COLUMN fsrs_fit_id INTEGER NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE users ADD COLUMN fsrs_fit_at INTEGER;--> statement-breakpoint
ALTER TABLE users ADD COLUMN fsrs_fit_reviews INTEGER;--> statement-breakpoint
ALTER TABLE users ADD COLUMN fsrs_fit_loss_before REAL;--> statement-breakpoint
ALTER TABLE users ADD COLUMN fsrs_fit_loss_after REAL;
