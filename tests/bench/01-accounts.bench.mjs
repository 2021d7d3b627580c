// Accounts: login (PBKDF2 at 100,000 iterations) and /api/users/me, beside 20 other users.
import { account, call, FLOOR_NAME, PASSWORD } from './lib.mjs';

export default async function accounts(ctx) {
  const { url, measure } = ctx;
  await floor(ctx);
  const users = [];
  for (let i = 0; i < 21; i++) users.push(await account(url, `bench_user_${i}`));
  const me = users[0];
  await measure('POST /api/auth/login', () => call(url, 'POST', '/api/auth/login', { form: { username: me.username, password: PASSWORD } }), { iterations: 100, budget: { p95: 150 } });
  await measure('GET /api/users/me', () => call(url, 'GET', '/api/users/me', { token: me.token }), { iterations: 500 });
}

// The floor: a route that touches neither D1 nor the token, to separate local dev-server
// overhead from the work of each call.
export async function floor({ url, measure }) {
  await measure(FLOOR_NAME, () => call(url, 'GET', '/api/config'), { iterations: 500 });
}
