/**
 * Astrolabe on a bad network (issue 28), in Chromium: a start without the server keeps the
 * person signed in.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAccount } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('staying signed in without the server', () => {
  it('a server error or no network at start keeps the person signed in, says Hors ligne, and recovers', async () => {
    const ada = await createAccount(stack.url, 'stay');
    const { context, page } = await signedInPage(browser, stack.url, ada.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The server fails its profile at start (a 502 from a proxy): still signed in.
    await page.route('**/api/users/me', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.reload();
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    expect(page.url()).toBe(`${stack.url}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBe(ada.token);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    expect(await page.getByTestId('drawer-username').textContent()).toBe(ada.username);
    await screenshot(page, 'offline-start-502');

    // No answer at all (the connection drops): the same.
    await page.unroute('**/api/users/me');
    await page.route('**/api/users/me', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    expect(page.url()).toBe(`${stack.url}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBe(ada.token);

    // The server comes back: the app asks again by itself and the banner goes.
    await page.unroute('**/api/users/me');
    await page.getByText('Hors ligne', { exact: false }).first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('a 401 at start still ends the session', async () => {
    const ada = await createAccount(stack.url, 'gone');
    const { context, page } = await signedInPage(browser, stack.url, ada.token);
    await page.route('**/api/users/me', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Could not validate credentials","code":"unauthorized"}' }));
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL(`${stack.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBeNull();
    await context.close();
  });
});
