/**
 * Astrolabe on a bad network, in Chromium: a start without the server keeps the
 * person signed in; the app installs (manifest, one service worker that also carries push)
 * and opens with the browser context offline after one online visit, showing the copies
 * it kept with their age.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount } from '../support/client';
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

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** Waits until this page is controlled by the app's service worker (the first visit's worker claims it). */
async function controlledBySw(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

describe('the installable app', () => {
  it('meets the install criteria, and opens offline after one online visit with the concepts, a concept page and today\'s note', async () => {
    const ada = await createAccount(stack.url, 'pwa');
    const concept = (await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Mitochondrie', content: doc('La centrale énergétique de la cellule.') } })).body;
    const { context, page } = await signedInPage(browser, stack.url, ada.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await controlledBySw(page)).toBe(`${stack.url}/firebase-messaging-sw.js`);

    // The install criteria, read from the page: a manifest with a name, standalone display,
    // a start URL, icons of 192 and 512 px that load as PNG, and theme colours.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      const body = await (await fetch(href)).json();
      const icons = await Promise.all(
        body.icons.map(async (icon: { src: string; sizes: string }) => {
          const res = await fetch(icon.src);
          return { sizes: icon.sizes, type: res.headers.get('content-type'), ok: res.ok };
        }),
      );
      return { ...body, loaded: icons, themeMeta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') };
    });
    expect(manifest).toMatchObject({ name: 'Astrolabe', display: 'standalone', start_url: '/dashboard', theme_color: '#0b0716', background_color: '#0b0716' });
    for (const size of ['192x192', '512x512']) expect(manifest.loaded).toContainEqual({ sizes: size, type: 'image/png', ok: true });
    expect(manifest.themeMeta).toBe('#0b0716');
    const swHeaders = await page.evaluate(async () => (await fetch('/firebase-messaging-sw.js', { cache: 'no-store' })).headers.get('cache-control'));
    expect(swHeaders).toBe('no-cache');

    // One online visit of the screens to read later.
    await page.goto(`${stack.url}/concepts`);
    await page.getByRole('link', { name: 'Mitochondrie' }).first().waitFor();
    await page.goto(`${stack.url}/concepts/${concept.id}`);
    await page.getByText('La centrale énergétique de la cellule.').waitFor();
    await page.goto(`${stack.url}/daily`);
    await page.getByTestId('daily-title').waitFor();
    expect(await page.getByTestId('offline-copy').count()).toBe(0);

    // No network at all: the app opens signed in from the service worker's copy, and each
    // screen shows what was kept, saying how old it is.
    await context.setOffline(true);
    await page.goto(`${stack.url}/concepts`);
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Mitochondrie' }).first().waitFor();
    expect(await page.getByTestId('offline-copy').textContent()).toMatch(/^Copie hors ligne — Enregistré (à l'instant|il y a \d+ min)$/);
    await screenshot(page, 'offline-concepts');
    await page.getByRole('link', { name: 'Mitochondrie' }).first().click();
    await page.getByRole('heading', { name: 'Mitochondrie' }).waitFor();
    await page.getByText('La centrale énergétique de la cellule.').waitFor();
    await screenshot(page, 'offline-concept');
    await page.goto(`${stack.url}/daily`);
    await page.getByTestId('daily-title').waitFor();
    await page.getByTestId('offline-copy').waitFor();
    await screenshot(page, 'offline-daily');
    // A screen never read on this device says it needs the server instead of spinning.
    await page.goto(`${stack.url}/constellations/1/concepts`);
    await page.getByText('Hors ligne : cet écran a besoin du serveur', { exact: false }).first().waitFor();
    await context.setOffline(false);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
