import { describe, expect, it } from 'vitest';
import { refreshMastery } from '../../worker/src/services/mastery-refresh';
import { call, env, signUp } from './helpers';
import { at, createCard, insertConcept } from './study-fixtures';

const DAY = 86_400_000;
const masteryOf = async (id: number) => (await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(id).first<{ mastery_level: number | null }>())!.mastery_level;

describe('mastery after answers, and the daily refresh', () => {
  it('a concept whose two cards were answered À revoir shows 0 % (red), one answered Bon shows more', async () => {
    const user = await signUp('mastred');
    const weak = await insertConcept(user, 'Faible');
    const strong = await insertConcept(user, 'Solide');
    const t0 = Date.now();
    for (const q of ['A', 'B']) {
      const card = await createCard(user, weak, q, t0);
      expect((await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 1 }, headers: at(t0, false) })).status).toBe(200);
    }
    const good = await createCard(user, strong, 'C', t0);
    await call('POST', `/api/flashcards/${good.id}/review`, { token: user.token, json: { rating: 4 }, headers: at(t0, false) });
    expect(await masteryOf(weak)).toBe(0);
    expect(await masteryOf(strong)).toBeGreaterThan(0.5);

    // The dashboard's weakest and strongest lists no longer show the same concepts at 100 %.
    const stats = await call('GET', '/api/stats/dashboard', { token: user.token });
    expect(stats.status).toBe(200);
    expect(stats.body.weakest_concepts[0].id).toBe(weak);
    expect(stats.body.strongest_concepts[0].id).toBe(strong);
  });

  it('adding a card lowers mastery (it counts 0), undoing the only answer brings it back to null', async () => {
    const user = await signUp('mastadd');
    const concept = await insertConcept(user, 'Ajout');
    const t0 = Date.now();
    const card = await createCard(user, concept, 'A', t0);
    await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3 }, headers: at(t0, false) });
    const one = (await masteryOf(concept))!;
    await createCard(user, concept, 'B', t0);
    expect(await masteryOf(concept)).toBeCloseTo(one / 2, 6);
    await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token, headers: at(t0 + 1000) });
    expect(await masteryOf(concept)).toBeNull();
  });

  it('refreshMastery lowers studied concepts as time passes and leaves unstudied ones null', async () => {
    const user = await signUp('mastref');
    const studied = await insertConcept(user, 'Étudié');
    const untouched = await insertConcept(user, 'Jamais');
    const t0 = Date.now();
    const card = await createCard(user, studied, 'A', t0);
    await createCard(user, untouched, 'B', t0);
    await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 4 }, headers: at(t0, false) });
    const before = (await masteryOf(studied))!;
    const updated = await refreshMastery(env, t0 + 60 * DAY);
    expect(updated).toBeGreaterThanOrEqual(1);
    const after = (await masteryOf(studied))!;
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThan(0);
    expect(await masteryOf(untouched)).toBeNull();
  });
});
