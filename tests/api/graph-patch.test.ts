/**
 * The graph endpoints after a change the Worker saw: the answers it kept are patched (only
 * the concepts a write touched are read again), and a patched answer is, byte for byte, the
 * answer a whole build of the same data gives — after every kind of change, in sequence.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { galaxyStars } from '../../worker/src/services/galaxy-stars';
import { graphLinks } from '../../worker/src/services/graph-links';
import { BASE, call, env, signUp, type TestUser } from './helpers';

async function create(user: TestUser, json: Record<string, unknown>): Promise<{ id: number; content_version: number }> {
  const res = await call('POST', '/api/concepts', { token: user.token, json });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An endpoint's answer as the bytes the page receives. */
async function answered(user: TestUser, path: string): Promise<string> {
  const res = await SELF.fetch(`${BASE}${path}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

const STARS = '/api/concepts/all-for-graph';
const LINKS = '/api/links/all-for-graph';

/** Both answers, each beside what a whole build of the database as it stands writes. */
async function bothBesideWhole(user: TestUser) {
  const stars = await answered(user, STARS);
  const links = await answered(user, LINKS);
  return {
    stars,
    links,
    wholeStars: (await galaxyStars(env.DB, user.id).build()).json,
    wholeLinks: (await graphLinks(env.DB, user.id).build()).json,
  };
}

describe('graph answers patched after a change', () => {
  it('are byte for byte a whole build after cards added and answered, renames, links, relations and deletions', async () => {
    const [ada, bob] = [await signUp('graphpatch'), await signUp('graphpatch')];
    const k = (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'Optique' } })).body.id;
    const lens = await create(ada, { title: 'Lentille', constellation_ids: [k] });
    const prism = await create(ada, { title: 'Prisme', content: 'Comme une [[Lentille]]', constellation_ids: [k] });
    const focus = await create(ada, { title: 'Foyer', parent_ids: [lens.id] });
    const mirror = await create(ada, { title: 'Miroir', content: 'Réfléchit' });
    await create(bob, { title: 'Chez Bob', content: '[[Lentille]]' });
    await answered(ada, STARS);
    await answered(ada, LINKS);
    const write = async (id: number, content: string) => {
      const { content_version } = (await call('GET', `/api/concepts/${id}`, { token: ada.token })).body;
      expect((await call('PUT', `/api/concepts/${id}`, { token: ada.token, json: { title: 'Miroir', content, content_version } })).status).toBe(200);
    };

    const steps: [string, () => Promise<unknown>][] = [
      ['a card added', () => call('POST', `/api/concepts/${prism.id}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'R' } })],
      [
        'a card answered',
        async () => {
          const card = (await call('POST', `/api/concepts/${lens.id}/flashcards`, { token: ada.token, json: { question: 'Q2', answer: 'R2' } })).body.id;
          expect((await call('POST', `/api/flashcards/${card}/review`, { token: ada.token, json: { rating: 4 } })).status).toBe(200);
        },
      ],
      ['a concept renamed', () => call('PUT', `/api/concepts/${focus.id}`, { token: ada.token, json: { title: 'Point focal' } })],
      ['a concept put in a constellation', () => call('PUT', `/api/concepts/${focus.id}`, { token: ada.token, json: { title: 'Point focal', constellation_ids: [k] } })],
      ['a link added', () => write(mirror.id, 'Réfléchit comme un [[Prisme]]')],
      ['a link removed', () => write(mirror.id, 'Réfléchit')],
      ['a relation added', () => call('PUT', `/api/concepts/${mirror.id}`, { token: ada.token, json: { title: 'Miroir', parent_ids: [prism.id] } })],
      ['a new concept under a parent', () => create(ada, { title: 'Fibre', parent_ids: [focus.id], content: '[[Miroir]]' })],
      ['a concept deleted', () => call('DELETE', `/api/concepts/${lens.id}`, { token: ada.token })],
      ['another person’s change', () => create(bob, { title: 'Lentille', content: '[[Chez Bob]]' })],
    ];
    let before = await bothBesideWhole(ada);
    for (const [change, run] of steps) {
      await run();
      const after = await bothBesideWhole(ada);
      expect(after.stars, change).toBe(after.wholeStars);
      expect(after.links, change).toBe(after.wholeLinks);
      if (change === 'another person’s change') expect(after, change).toEqual(before);
      else expect([after.stars, after.links], `${change} shows`).not.toEqual([before.stars, before.links]);
      before = after;
    }
    expect(JSON.parse(before.stars).map((s: { title: string }) => s.title)).toEqual(['Prisme', 'Point focal', 'Miroir', 'Fibre']);
  });

  it('reads again only the concepts a write touched', async () => {
    const ada = await signUp('graphpatch');
    const one = await create(ada, { title: 'Un' });
    const two = await create(ada, { title: 'Deux', content: '[[Un]]' });
    await answered(ada, STARS);
    await answered(ada, LINKS);
    // Changed behind the kept answers' back (the versions put back): a whole build would show it.
    await env.DB.prepare("UPDATE concepts SET title = 'Changé en douce' WHERE id = ?").bind(one.id).run();
    await env.DB.prepare('UPDATE users SET graph_version = graph_version - 1 WHERE id = ?').bind(ada.id).run();
    await call('POST', `/api/concepts/${two.id}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'R' } });
    const stars = JSON.parse(await answered(ada, STARS)) as { id: number; title: string; size: number }[];
    expect(stars.map((s) => s.title)).toEqual(['Un', 'Deux']);
    expect(stars[1]!.size).toBeGreaterThan(stars[0]!.size);
  });
});
