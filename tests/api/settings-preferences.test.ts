import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../worker/src/domain/preferences';
import { call, env, signUp } from './helpers';

const saved = {
  ...DEFAULT_PREFERENCES,
  notifications_enabled: false,
  daily_reminder_time: '21:45',
  notification_frequency: 'daily',
  preferred_study_method: 'FEYNMAN',
  session_duration_limit: 180,
  auto_advance_cards: true,
  new_cards_per_day: 0,
  desired_retention: 0.85,
  theme: 'light',
  default_concept_view: 'list',
  concept_sort_order: 'title_asc',
  galaxy_animation_enabled: false,
  galaxy_color_scheme: 'nature',
  text_size: 'larger',
  readable_font: true,
  default_concept_category: 'Biologie',
  auto_link_enabled: false,
  auto_extract_enabled: false,
  data_backup_frequency: 'monthly',
};

/** One bad value per field, each with the field it must be reported under. */
const BAD_VALUES: [keyof typeof saved, unknown][] = [
  ['notifications_enabled', 'yes'],
  ['daily_reminder_time', '24:00'],
  ['review_reminders', null],
  ['progress_notifications', 1],
  ['achievement_notifications', 'false'],
  ['notification_frequency', 'hourly'],
  ['preferred_study_method', 'flashcards'],
  ['session_duration_limit', 4],
  ['break_reminders', 0],
  ['auto_advance_cards', 'true'],
  ['new_cards_per_day', 10000],
  ['desired_retention', 0.98],
  ['theme', 'sepia'],
  ['default_concept_view', 'grid'],
  ['concept_sort_order', 'title_desc'],
  ['galaxy_animation_enabled', 'on'],
  ['galaxy_color_scheme', 'neon'],
  ['text_size', 'huge'],
  ['readable_font', 'yes'],
  ['default_concept_category', 42],
  ['auto_link_enabled', []],
  ['auto_extract_enabled', {}],
  ['data_backup_frequency', 'daily'],
];

describe('preferences', () => {
  it('answers the defaults (dark theme, retention 0.90, 20 new cards) to someone who never saved', async () => {
    const ada = await signUp('prefs');
    const res = await call('GET', '/api/users/me/preferences', { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_PREFERENCES);
    expect(res.body).toMatchObject({ theme: 'dark', desired_retention: 0.9, new_cards_per_day: 20, daily_reminder_time: '09:00', session_duration_limit: 30 });
  });

  it('saves the whole object and answers it on the next read', async () => {
    const ada = await signUp('prefs');
    const put = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: saved });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(saved);
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual(saved);
  });

  it('refuses each bad field with 422 under its own name', async () => {
    const ada = await signUp('prefs');
    for (const [field, value] of BAD_VALUES) {
      const res = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, [field]: value } });
      expect(res.status, field).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc.join('.')), field).toEqual([`body.${field}`]);
    }
  });

  it('lists every bad field at once and saves nothing', async () => {
    const ada = await signUp('prefs');
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: saved });
    const res = await call('PUT', '/api/users/me/preferences', {
      token: ada.token,
      json: { ...saved, theme: 'light', session_duration_limit: 181, daily_reminder_time: '9h', desired_retention: 0.5 },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: any) => d.loc[1]).sort()).toEqual(['daily_reminder_time', 'desired_retention', 'session_duration_limit']);
    expect(res.body.detail.find((d: any) => d.loc[1] === 'session_duration_limit').msg).toBe('Must be a whole number from 5 to 180 minutes');
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual(saved);
  });

  it("keeps 'text_size' and 'readable_font' at their defaults when a client that does not know them yet saves", async () => {
    const ada = await signUp('prefs');
    const { text_size: _s, readable_font: _f, ...older } = saved;
    const res = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: older });
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual({ ...older, text_size: 'normal', readable_font: false });
  });

  it('keeps the stored value of every field a client does not send, and refuses unknown fields', async () => {
    const ada = await signUp('prefs');
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: saved });
    const res = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { theme: 'auto' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...saved, theme: 'auto' });
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual({ ...saved, theme: 'auto' });
    const extra = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, colour: 'red' } });
    expect(extra.status).toBe(422);
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual({ ...saved, theme: 'auto' });
  });

  it("saves a client built from the spec alone (its list has neither new_cards_per_day nor desired_retention)", async () => {
    const ada = await signUp('prefs');
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, new_cards_per_day: 35, desired_retention: 0.85 } });
    // Every field the spec's list leaves out (added since) keeps what was stored before.
    const before = (await call('GET', '/api/users/me/preferences', { token: ada.token })).body;
    const spec = {
      notifications_enabled: false,
      daily_reminder_time: '07:30',
      review_reminders: false,
      progress_notifications: true,
      achievement_notifications: false,
      notification_frequency: 'daily',
      preferred_study_method: 'FEYNMAN',
      session_duration_limit: 45,
      break_reminders: false,
      auto_advance_cards: true,
      theme: 'light',
      default_concept_view: 'list',
      concept_sort_order: 'title_asc',
      galaxy_animation_enabled: false,
      galaxy_color_scheme: 'nature',
      default_concept_category: null,
      auto_link_enabled: false,
      auto_extract_enabled: false,
      data_backup_frequency: 'monthly',
    };
    const res = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: spec });
    expect(res.status).toBe(200);
    expect(before).toMatchObject({ new_cards_per_day: 35, desired_retention: 0.85 });
    expect(res.body).toEqual({ ...before, ...spec });
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual({ ...before, ...spec });
  });

  it('accepts the limits: 5 and 180 minutes, 00:00 and 23:59, retention 0.70 and 0.97, an empty category as none', async () => {
    const ada = await signUp('prefs');
    for (const edge of [
      { session_duration_limit: 5, daily_reminder_time: '00:00', desired_retention: 0.7, new_cards_per_day: 9999 },
      { session_duration_limit: 180, daily_reminder_time: '23:59', desired_retention: 0.97, new_cards_per_day: 0 },
    ]) {
      const res = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, ...edge } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(edge);
    }
    const empty = await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, default_concept_category: '  ' } });
    expect(empty.body.default_concept_category).toBeNull();
  });

  it('resets to the defaults and answers them', async () => {
    const ada = await signUp('prefs');
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: saved });
    const reset = await call('POST', '/api/users/me/preferences/reset', { token: ada.token });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual(DEFAULT_PREFERENCES);
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual(DEFAULT_PREFERENCES);
  });

  it("keeps each person's preferences to themselves", async () => {
    const ada = await signUp('prefs');
    const bob = await signUp('prefs');
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: saved });
    expect((await call('GET', '/api/users/me/preferences', { token: bob.token })).body).toEqual(DEFAULT_PREFERENCES);
    await call('POST', '/api/users/me/preferences/reset', { token: bob.token });
    expect((await call('GET', '/api/users/me/preferences', { token: ada.token })).body).toEqual(saved);
  });

  it('reads a stored object field by field: an old or damaged value is the default, the rest is kept', async () => {
    const ada = await signUp('prefs');
    await env.DB.prepare('INSERT INTO user_preferences (user_id, data, updated_at) VALUES (?, ?, 0)')
      .bind(ada.id, JSON.stringify({ theme: 'light', session_duration_limit: 9000 }))
      .run();
    const res = await call('GET', '/api/users/me/preferences', { token: ada.token });
    expect(res.body).toEqual({ ...DEFAULT_PREFERENCES, theme: 'light' });
  });

  it('asks for a sign-in', async () => {
    expect((await call('GET', '/api/users/me/preferences')).status).toBe(401);
    expect((await call('PUT', '/api/users/me/preferences', { json: saved })).status).toBe(401);
    expect((await call('POST', '/api/users/me/preferences/reset')).status).toBe(401);
  });

  it('schedules answers with the desired retention: a lower target gives a longer interval', async () => {
    const intervals: number[] = [];
    for (const desired_retention of [0.97, 0.7]) {
      const ada = await signUp('prefs');
      await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, desired_retention } });
      const concept = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Retention' } });
      const card = await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'A' } });
      const answer = await call('POST', `/api/flashcards/${card.body.id}/review`, { token: ada.token, json: { rating: 4 } });
      expect(answer.status).toBe(200);
      intervals.push(Date.parse(answer.body.flashcard?.due ?? answer.body.due) - Date.now());
    }
    expect(intervals[1]).toBeGreaterThan(intervals[0]! * 1.5);
  });
});

describe('preferences acting on the server', () => {
  it('files a new concept without a category under the default category, and leaves an explicit one alone', async () => {
    const ada = await signUp('prefs');
    const bob = await signUp('prefs');
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...saved, default_concept_category: 'Biologie' } });
    const plain = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Cellule' } });
    expect(plain.body.category).toBe('Biologie');
    const chosen = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Atome', category: 'Chimie' } });
    expect(chosen.body.category).toBe('Chimie');
    const none = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Rien', category: null } });
    expect(none.body.category).toBeNull();
    const other = await call('POST', '/api/concepts', { token: bob.token, json: { title: 'Cellule' } });
    expect(other.body.category).toBeNull();
  });
});
