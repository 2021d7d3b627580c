/**
 * D1 schema (drizzle). Every row that belongs to a person carries `user_id` and every
 * query filters on it. Times are integer milliseconds since the epoch (UTC).
 *
 * This file describes every table, index and column the migrations create, and names the
 * FTS5 tables and triggers that only SQL can write (`sqlOnlyObjects`, at the end);
 * tests/api/schema.test.ts compares it with the migrated database. Query row types derive
 * from these tables (`typeof table.$inferSelect`).
 */
import { sql } from 'drizzle-orm';
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

const timestamps = {
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
};

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    /** Lower-cased username: usernames are unique regardless of case. */
    usernameKey: text('username_key').notNull(),
    email: text('email').notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`: parameters travel with the hash. */
    passwordHash: text('password_hash').notNull(),
    timeZone: text('time_zone'),
    /** Local date (yyyy-MM-dd) of the last daily study reminder sent. */
    reminderDay: text('reminder_day'),
    /** Local date of the last daily digest of progress/achievement notifications (migration 0023). */
    digestDay: text('digest_day'),
    /** The person's own FSRS parameters (JSON array of 21 numbers), null for the defaults. */
    fsrsParams: text('fsrs_params'),
    /** The last fit of the parameters (migration 0031): moves with each, so a fit built on an older one is refused. */
    fsrsFitId: integer('fsrs_fit_id').notNull().default(0),
    fsrsFitAt: integer('fsrs_fit_at'),
    /** The person's review count when the parameters were last fitted. */
    fsrsFitReviews: integer('fsrs_fit_reviews'),
    /** Log loss of the parameters before and after the last fit; null when unknown. */
    fsrsFitLossBefore: real('fsrs_fit_loss_before'),
    fsrsFitLossAfter: real('fsrs_fit_loss_after'),
    /** Moves with every change the galaxy and the graph show; kept by triggers (migration 0027). */
    graphVersion: integer('graph_version').notNull().default(0),
    /** Moves with every change to the person's links and relations (migration 0027). */
    graphLinksVersion: integer('graph_links_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_username_key').on(t.usernameKey), uniqueIndex('users_email').on(t.email)],
);

/** Failed-login counters, one row per key (`user:<name>` or `ip:<address>`). */
export const loginAttempts = sqliteTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: integer('window_started_at').notNull(),
  lockedUntil: integer('locked_until'),
});

export const concepts = sqliteTable(
  'concepts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Lower-cased title, for case-insensitive lookups and sorting. */
    titleKey: text('title_key').notNull(),
    /** ProseMirror document JSON (string) or null. Derived from the Yjs state while a room is live. */
    content: text('content'),
    contentText: text('content_text').notNull().default(''),
    notes: text('notes'),
    source: text('source').notNull().default('MANUAL'),
    sourceUrl: text('source_url'),
    category: text('category'),
    /** Mean current retrievability of the concept's reviewed flashcards; null without any. */
    masteryLevel: real('mastery_level'),
    nextReviewAt: integer('next_review_at'),
    /** Bumped on every content write: lets REST and live edits detect each other. */
    contentVersion: integer('content_version').notNull().default(0),
    ...timestamps,
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
  },
  (t) => [
    index('concepts_user_updated').on(t.userId, t.updatedAt),
    index('concepts_user_created').on(t.userId, t.createdAt),
    index('concepts_user_title').on(t.userId, t.titleKey),
    index('concepts_user_mastery').on(t.userId, t.masteryLevel),
    // Covering indexes for the concept list at volume: titles (picker, auto-linking, title
    // search) without reading the large rows, and the mastery sort with its NULLs last.
    index('concepts_user_titles').on(t.userId, t.titleKey, t.title),
    index('concepts_user_mastery_nulls').on(t.userId, sql`(${t.masteryLevel} IS NULL)`, t.masteryLevel),
    // Read backwards, this one gives the descending mastery order with NULLs still last.
    index('concepts_user_mastery_desc').on(t.userId, sql`(${t.masteryLevel} IS NOT NULL)`, t.masteryLevel),
    // The galaxy and graph read ids, titles and mastery from this index alone (migration 0010).
    index('concepts_user_graph').on(t.userId, t.id, t.title, t.masteryLevel),
    uniqueIndex('concepts_user_uid').on(t.userId, t.uid),
  ],
);

/** Durable binary Yjs state of a concept's live document (the source of truth while edited live). */
export const conceptDocs = sqliteTable('concept_docs', {
  conceptId: integer('concept_id')
    .primaryKey()
    .references(() => concepts.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull(),
  state: blob('state', { mode: 'buffer' }).notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The content of a concept's recent versions (the last CONTENT_VERSIONS_KEPT), so a REST
 * write based on an older read can be merged three ways against what its writer saw.
 */
export const conceptContentVersions = sqliteTable(
  'concept_content_versions',
  {
    conceptId: integer('concept_id')
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conceptId, t.version] })],
);

export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased name: the same tag typed in another case is the same tag. */
    nameKey: text('name_key').notNull(),
    /** How many concepts carry the tag, kept by triggers on concept_tags (migration 0017). */
    conceptCount: integer('concept_count').notNull().default(0),
  },
  (t) => [uniqueIndex('tags_user_name').on(t.userId, t.nameKey), index('tags_user_listing').on(t.userId, t.nameKey, t.id, t.name, t.conceptCount)],
);

export const conceptTags = sqliteTable(
  'concept_tags',
  {
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.conceptId, t.tagId] }), index('concept_tags_tag').on(t.tagId, t.conceptId)],
);

/** Prerequisite hierarchy: `parent_id` must be understood before `child_id`. */
export const conceptRelations = sqliteTable(
  'concept_relations',
  {
    userId: integer('user_id').notNull(),
    parentId: integer('parent_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    childId: integer('child_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    index('concept_relations_child').on(t.childId, t.parentId),
    index('concept_relations_user').on(t.userId, t.parentId, t.childId),
  ],
);

/**
 * Directed links between concepts: `wiki` links are derived from `[[Title]]` in content
 * (rewritten on every content write); `related_to` and others come from imports and the graph.
 */
export const conceptLinks = sqliteTable(
  'concept_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    targetConceptId: integer('target_concept_id')
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
    linkType: text('link_type').notNull().default('wiki'),
    description: text('description'),
    createdAt: integer('created_at').notNull(),
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
  },
  (t) => [
    uniqueIndex('concept_links_unique').on(t.conceptId, t.targetConceptId, t.linkType),
    index('concept_links_target').on(t.targetConceptId),
    index('concept_links_user').on(t.userId),
    index('concept_links_user_graph').on(t.userId, t.conceptId, t.targetConceptId, t.linkType),
    uniqueIndex('concept_links_user_uid').on(t.userId, t.uid),
  ],
);

export const constellations = sqliteTable(
  'constellations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull().default('#4e337c'),
    icon: text('icon'),
    ...timestamps,
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
  },
  (t) => [index('constellations_user').on(t.userId), uniqueIndex('constellations_user_uid').on(t.userId, t.uid)],
);

export const constellationConcepts = sqliteTable(
  'constellation_concepts',
  {
    constellationId: integer('constellation_id')
      .notNull()
      .references(() => constellations.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.constellationId, t.conceptId] }),
    index('constellation_concepts_concept').on(t.conceptId),
    index('constellation_concepts_concept_graph').on(t.conceptId, t.constellationId),
  ],
);

/** A flashcard with its full FSRS memory state (ts-fsrs `Card`). */
export const flashcards = sqliteTable(
  'flashcards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** JSON array of tag strings. */
    tags: text('tags').notNull().default('[]'),
    due: integer('due').notNull(),
    stability: real('stability').notNull().default(0),
    difficulty: real('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: integer('state').notNull().default(0),
    lastReview: integer('last_review'),
    /** JSON {guid, ord, type_id, fields}: the Anki note and card it came from; null when made here. */
    ankiNote: text('anki_note'),
    /** 1 when kept out of every study queue (by hand, or as a leech) until unsuspended (migration 0028). */
    suspended: integer('suspended').notNull().default(0),
    /** Kept out of study queues until this instant (the next study day's start); null when not buried. */
    buriedUntil: integer('buried_until'),
    /** The language each side is read aloud in (a tag of domain/card-speech.ts); null: guessed from the side's text (migration 0033). */
    questionLang: text('question_lang'),
    answerLang: text('answer_lang'),
    /** 1 when the answer is typed in review and compared character by character (migration 0035). */
    typeAnswer: integer('type_answer').notNull().default(0),
    /** JSON {image, shapes, target, mode} of an image-occlusion card (domain/image-occlusion.ts); null for a text card (migration 0036). */
    occlusion: text('occlusion'),
    ...timestamps,
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
  },
  (t) => [
    /** Due lists and due/overdue counts read this index alone (state, suspension and burial are in it). */
    index('flashcards_user_due_state').on(t.userId, t.due, t.state, t.suspended, t.buriedUntil),
    index('flashcards_concept').on(t.conceptId),
    index('flashcards_user_state').on(t.userId, t.state),
    uniqueIndex('flashcards_user_uid').on(t.userId, t.uid),
  ],
);

/**
 * Per person and FSRS state: card count and sums of stability, difficulty and lapses,
 * and counts of fragile (stability < 7 days) and solid (>= 30 days) cards — kept in step
 * with `flashcards` by triggers (migration 0004), so the dashboard reads four rows
 * instead of every card. The 7 and 30 are the low/high stability bounds named in domain/stats.ts.
 */
export const flashcardStats = sqliteTable(
  'flashcard_stats',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    state: integer('state').notNull(),
    cards: integer('cards').notNull().default(0),
    stabilitySum: real('stability_sum').notNull().default(0),
    difficultySum: real('difficulty_sum').notNull().default(0),
    lapsesSum: integer('lapses_sum').notNull().default(0),
    lowStability: integer('low_stability').notNull().default(0),
    highStability: integer('high_stability').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.state] })],
);

export const studySessions = sqliteTable(
  'study_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    methodType: text('method_type').notNull(),
    /** What the session was built from: `concepts`, `constellation` or `due`. */
    scope: text('scope').notNull(),
    totalCards: integer('total_cards').notNull(),
    cardsReviewed: integer('cards_reviewed').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
    /** A Composite session's steps in order (JSON array of method names, migration 0034); null for the other methods. */
    steps: text('steps'),
  },
  (t) => [index('study_sessions_user').on(t.userId, t.startedAt), uniqueIndex('study_sessions_user_uid').on(t.userId, t.uid)],
);

/** The ordered cards of a study session and whether each was answered in it. */
export const studySessionCards = sqliteTable(
  'study_session_cards',
  {
    sessionId: integer('session_id').notNull().references(() => studySessions.id, { onDelete: 'cascade' }),
    flashcardId: integer('flashcard_id').notNull().references(() => flashcards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    rating: integer('rating'),
    answeredAt: integer('answered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.flashcardId] }),
    index('study_session_cards_order').on(t.sessionId, t.position),
    // Deleting a card (and its cascade) finds its session rows without a full scan.
    index('study_session_cards_card').on(t.flashcardId),
  ],
);

/** The concepts of a Blurting, Feynman, Cornell or Composite session, in the chosen order (migration 0029). */
export const studySessionConcepts = sqliteTable(
  'study_session_concepts',
  {
    sessionId: integer('session_id').notNull().references(() => studySessions.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.conceptId] }), index('study_session_concepts_concept').on(t.conceptId)],
);

/**
 * One step of a study method on one concept in a session: what the person wrote
 * (`details`, JSON per method), the recall score it earned (Blurting: it feeds mastery), the
 * cards it created and the time spent (added to review_activity by triggers).
 */
export const studyMethodResults = sqliteTable(
  'study_method_results',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').notNull().references(() => studySessions.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    methodType: text('method_type').notNull(),
    recallScore: real('recall_score'),
    details: text('details').notNull(),
    cardsCreated: integer('cards_created').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('study_method_results_step').on(t.sessionId, t.conceptId, t.methodType), index('study_method_results_concept').on(t.conceptId, t.updatedAt)],
);

/**
 * A concept's Cornell sheet: its rows of cue and notes (JSON: [{cue, notes}],
 * notes a rich document) and its summary. `version` counts the saves: a write names the
 * version it was made from and is refused (409) when another save came in between, so no
 * device silently overwrites another's notes.
 */
export const cornellSheets = sqliteTable(
  'cornell_sheets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
    rows: text('rows').notNull(),
    summary: text('summary').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('cornell_sheets_concept').on(t.conceptId), index('cornell_sheets_user').on(t.userId)],
);

/**
 * One row per answer, written in the same batch as the card update. `card_before` is the
 * whole card as it was before the answer (JSON), which is what undo restores.
 */
export const reviewLogs = sqliteTable(
  'review_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    flashcardId: integer('flashcard_id').notNull().references(() => flashcards.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id'),
    rating: integer('rating').notNull(),
    state: integer('state').notNull(),
    due: integer('due').notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reviewedAt: integer('reviewed_at').notNull(),
    durationMs: integer('duration_ms'),
    cardBefore: text('card_before').notNull(),
    /** What the answer did besides the card's memory state (domain/workload.ts ReviewEffects, JSON), for undo. */
    effects: text('effects'),
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
  },
  (t) => [
    uniqueIndex('review_logs_user_uid').on(t.userId, t.uid),
    index('review_logs_user_time').on(t.userId, t.reviewedAt),
    index('review_logs_card_time').on(t.flashcardId, t.reviewedAt),
  ],
);

/**
 * Suspend, bury, reschedule and forget done by hand (migration 0028): each row keeps the
 * card as it was before (memory state, suspension, burial; JSON), so the latest one can be
 * undone while the card is still as that action left it.
 */
export const flashcardActions = sqliteTable(
  'flashcard_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    flashcardId: integer('flashcard_id').notNull().references(() => flashcards.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    cardBefore: text('card_before').notNull(),
    doneAt: integer('done_at').notNull(),
    /** The device's id for an action done offline (uploaded with the answers): a retried upload finds it applied. */
    uid: text('uid'),
    /** When an action done offline was undone: its row stays (without counting for undo) so a retried upload does not apply it again. */
    undoneAt: integer('undone_at'),
  },
  (t) => [index('flashcard_actions_card').on(t.flashcardId, t.id), uniqueIndex('flashcard_actions_uid').on(t.userId, t.uid).where(sql`${t.uid} IS NOT NULL`)],
);

/**
 * Review counts per person per quarter-hour slot, kept in step with `review_logs` by
 * triggers (migration 0002): statistics read these few rows instead of every log. Slots
 * are 15 minutes because every time zone's offset is a multiple of 15 minutes, so any
 * study-day boundary (04:00 local) falls on a slot edge. Answer time counts at most 60 s
 * per review, like Anki.
 */
export const reviewActivity = sqliteTable(
  'review_activity',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Start of the slot, ms since the epoch (a multiple of 900,000). */
    slot: integer('slot').notNull(),
    reviews: integer('reviews').notNull().default(0),
    againCount: integer('again_count').notNull().default(0),
    hardCount: integer('hard_count').notNull().default(0),
    goodCount: integer('good_count').notNull().default(0),
    easyCount: integer('easy_count').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);

export const dailyNotes = sqliteTable(
  'daily_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** yyyy-MM-dd in the user's calendar. */
    date: text('date').notNull(),
    title: text('title'),
    ...timestamps,
  },
  (t) => [uniqueIndex('daily_notes_user_date').on(t.userId, t.date)],
);

export const noteBlocks = sqliteTable(
  'note_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    noteId: integer('note_id').notNull().references(() => dailyNotes.id, { onDelete: 'cascade' }),
    /** HTML or a JSON document, as the client sent it. */
    text: text('text').notNull().default(''),
    plainText: text('plain_text').notNull().default(''),
    orderIdx: integer('order_idx').notNull(),
    /** Grows on every text write; a REST write based on an older version is refused (migration 0016). */
    version: integer('version').notNull().default(1),
    ...timestamps,
    /** Stable identity across backups (migration 0013); a trigger gives one to rows inserted without it. */
    uid: text('uid'),
  },
  (t) => [index('note_blocks_note').on(t.noteId, t.orderIdx), index('note_blocks_user').on(t.userId, t.noteId), uniqueIndex('note_blocks_user_uid').on(t.userId, t.uid)],
);

/** Concepts mentioned by a daily-note block (derived from its `[[Title]]` links). */
export const blockMentions = sqliteTable(
  'block_mentions',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockId: integer('block_id').notNull().references(() => noteBlocks.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => concepts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.conceptId] }), index('block_mentions_user_concept').on(t.userId, t.conceptId), index('block_mentions_concept').on(t.conceptId)],
);

/**
 * A daily note's live-room Yjs state (migration 0021), with the version of each
 * block row it was saved with (JSON uid → version): a row whose version moved past it was
 * written outside the room and is brought into the live document when the room loads.
 */
export const noteDocs = sqliteTable(
  'note_docs',
  {
    noteId: integer('note_id')
      .primaryKey()
      .references(() => dailyNotes.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    state: blob('state', { mode: 'buffer' }).notNull(),
    versions: text('versions').notNull().default('{}'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('note_docs_user').on(t.userId)],
);

/** Uploaded images and files; bytes live in R2 under `key`. */
export const files = sqliteTable(
  'files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    kind: text('kind').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('files_key').on(t.key), index('files_user').on(t.userId)],
);

export const userPreferences = sqliteTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** JSON object of the preference fields of spec document 3 §3. */
  data: text('data').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const pushTokens = sqliteTable(
  'push_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The Web Push subscription's endpoint. */
    token: text('token').notNull(),
    createdAt: integer('created_at').notNull().default(sql`0`),
    /** RFC 8291 keys of the subscription (base64url). */
    p256dh: text('p256dh'),
    auth: text('auth'),
  },
  (t) => [uniqueIndex('push_tokens_token').on(t.userId, t.token)],
);

/** Progress and achievement notifications waiting for the person's frequency (migration 0023). */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['progress', 'achievement'] }).notNull(),
    /** Unique per person: the same event is never told twice. */
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [uniqueIndex('notifications_event').on(t.userId, t.eventKey), index('notifications_waiting').on(t.userId, t.createdAt).where(sql`${t.sentAt} IS NULL`)],
);

/** Highlights already imported into daily notes, so a second import of a file adds nothing (migration 0016). */
export const noteHighlights = sqliteTable(
  'note_highlights',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    highlightKey: text('highlight_key').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.highlightKey] })],
);

/** Note types of the person's imported Anki notes: what the Anki export writes back. */
export const ankiNoteTypes = sqliteTable(
  'anki_note_types',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    ankiId: integer('anki_id').notNull(),
    name: text('name').notNull(),
    /** 0 normal, 1 cloze. */
    kind: integer('kind').notNull(),
    /** JSON {fields: string[], templates: {ord, name, qfmt, afmt}[], css}. */
    config: text('config').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ankiId] })],
);

/**
 * A backup import being staged (migration 0013): its rows arrive in `import_rows` over as
 * many requests as the file needs, then one batch switches them into the person's tables.
 */
export const importJobs = sqliteTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 1 when the backup is merged into what the person has, 0 when it replaces it. */
    merge: integer('merge').notNull(),
    /** The backup's account and preferences (JSON), written by the switch. */
    header: text('header').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('import_jobs_user').on(t.userId, t.createdAt)],
);

/** One staged row of an import (JSON), in its section's order (a WITHOUT ROWID table). */
export const importRows = sqliteTable(
  'import_rows',
  {
    importId: text('import_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    seq: integer('seq').notNull(),
    /** The row's identity (uid, date or key) so references are checked through an index; null for reviews (migration 0025). */
    uid: text('uid'),
    row: text('row').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.section, t.seq] }), index('import_rows_uid').on(t.importId, t.section, t.uid).where(sql`${t.uid} IS NOT NULL`)],
);

const onWrite = (table: string) => [`${table}_insert`, `${table}_update`, `${table}_delete`];

/**
 * What drizzle cannot declare, written as custom SQL migrations: the FTS5 search tables
 * and the triggers that keep derived rows in step. Named here so this file lists every
 * object of the database (tests/api/schema.test.ts checks both against `sqlite_schema`).
 */
export const sqlOnlyObjects = {
  /** Full-text search over what a person wrote, with the owner in each row (migrations 0012, 0026). */
  virtualTables: ['concepts_fts', 'flashcards_fts', 'note_blocks_fts', 'constellations_fts'],
  triggers: {
    /** Keep each FTS5 table in step with its table (migration 0026). */
    search: ['concepts_fts', 'flashcards_fts', 'note_blocks_fts', 'constellations_fts'].flatMap(onWrite),
    /** `review_activity` from review logs and study-method time (migrations 0002, 0029). */
    reviewActivity: ['review_activity_insert', 'review_activity_delete', ...onWrite('study_method_activity')],
    /** `flashcard_stats` from flashcards (migration 0004). */
    flashcardStats: onWrite('flashcard_stats'),
    /** `tags.concept_count` from concept_tags (migration 0017). */
    tagCounts: onWrite('concept_tags_count'),
    /** `users.graph_version` and `graph_links_version` from what the galaxy and graph show (migration 0027). */
    graphVersion: ['concepts', 'flashcards', 'concept_links', 'concept_relations', 'constellation_concepts'].flatMap((t) => onWrite(`${t}_graph`)),
    /** A random `uid` for a row inserted without one (migration 0013). */
    uidDefaults: ['concepts', 'concept_links', 'constellations', 'flashcards', 'study_sessions', 'review_logs', 'note_blocks'].map((t) => `${t}_uid_default`),
  },
};
