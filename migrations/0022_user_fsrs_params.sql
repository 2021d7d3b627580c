-- Issue 17: a person's own FSRS parameters, trained on their review log by the optimizer
-- in the page ('Optimiser mes paramètres'); null schedules with the FSRS defaults.
ALTER TABLE users ADD COLUMN fsrs_params TEXT;
