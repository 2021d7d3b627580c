/**
 * The authorization table: every /api route the app registers, found from the router
 * itself so that a route added later is covered without editing this file, must refuse
 * a request that carries no token, or a bad one. Only the routes listed in PUBLIC may
 * answer without one.
 */
import { describe, expect, it } from 'vitest';
import app from '../../worker/src/index';
import { call } from './helpers';

const PUBLIC = new Set(['GET /api/config', 'POST /api/users', 'POST /api/auth/login', 'GET /api/v1/files/:owner{[0-9]+}/:uuid']);

const apiRoutes = [...new Set(app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*')).map((r) => `${r.method} ${r.path}`))];

function concrete(path: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '1');
}

describe('authorization table', () => {
  it('finds the routes of every area', () => {
    expect(apiRoutes).toContain('GET /api/users/me');
    expect(apiRoutes.length).toBeGreaterThanOrEqual(4);
  });

  it.each(apiRoutes.filter((r) => !PUBLIC.has(r)))('%s refuses a request without a token, or with a bad one', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const anonymous = await call(method, concrete(path), { json: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(anonymous.status).toBe(401);
    const forged = await call(method, concrete(path), { token: 'not.a.token', json: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(forged.status).toBe(401);
  });
});
