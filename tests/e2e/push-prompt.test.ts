/**
 * The notification prompt as a person meets it on a first visit: 'Activer'
 * works on the very first activation, 'Plus tard' is remembered across reloads (and the
 * question comes back a week later), and on a phone the ☰ button covers none of it.
 *
 * The browser's push service (Google's, unreachable here) is replaced as in
 * settings-push.test.ts, but like Chromium's own it refuses to subscribe through a
 * registration whose service worker is not active yet.
 */
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { createAccount } from '../support/client';
import { useBrowser, newPage, pageErrors, screenshot, signIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b), { serviceWorker: true });

const STRICT_PUSH_SERVICE = `
  (() => {
    const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'pushManager', {
      get() {
        const registration = this;
        return {
          getSubscription: async () => null,
          async subscribe(options) {
            if (!registration.active) throw new DOMException('Subscription failed - no active Service Worker', 'AbortError');
            const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
            const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
            const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
            const endpoint = 'https://push.example/e2e-' + auth;
            return { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }) };
          },
        };
      },
    });
  })();
`;

async function promptingPage(opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const account = await createAccount(stack.url, 'pushfirst');
  const vapid = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
  const vapidPublic = Buffer.from((await crypto.subtle.exportKey('raw', vapid.publicKey)) as ArrayBuffer).toString('base64url');
  const { context, page } = await newPage(browser, opts);
  await context.addInitScript(STRICT_PUSH_SERVICE);
  await page.route('**/api/config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), vapid_public_key: vapidPublic } });
  });
  await signIn(page, stack.url, account.token);
  return { context, page };
}

const promptOf = (page: Page) => page.getByRole('region', { name: 'Activer les notifications ?' });

describe('the notification prompt on a first visit', () => {
  it("subscribes on the very first 'Activer', before the service worker was ever active", async () => {
    const { context, page } = await promptingPage();
    await page.goto(`${stack.url}/dashboard`);
    const prompt = promptOf(page);
    await prompt.waitFor();
    // The app's one service worker (offline shell and push) registers as the page loads, so
    // it may still be installing here: 'Activer' must wait for it to be active.
    await context.grantPermissions(['notifications'], { origin: stack.url });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/users/me/fcm-token'));
    await prompt.getByRole('button', { name: 'Activer' }).click();
    expect((await sent).status()).toBe(201);
    await page.getByText('Notifications activées !').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("remembers 'Plus tard' across reloads and asks again a few days later", async () => {
    const { context, page } = await promptingPage();
    await page.goto(`${stack.url}/dashboard`);
    await promptOf(page).getByRole('button', { name: 'Plus tard' }).click();
    expect(await promptOf(page).count()).toBe(0);

    // The prompt is decided once the preferences and the deployment's config have answered.
    const settled = Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/config')), page.waitForResponse((r) => r.url().endsWith('/api/users/me/preferences'))]);
    await page.reload();
    await settled;
    await page.getByRole('heading').first().waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await promptOf(page).count()).toBe(0);

    await page.clock.setSystemTime(Date.now() + 4 * 86_400_000);
    await page.reload();
    await promptOf(page).waitFor();
    await context.close();
  });

  it('shows the whole question on a phone, below the ☰ button', async () => {
    const { context, page } = await promptingPage({ width: 390, height: 844 });
    await page.goto(`${stack.url}/dashboard`);
    const title = page.getByText('Activer les notifications ?', { exact: true });
    await title.waitFor();
    const menu = await page.getByRole('button', { name: 'Ouvrir le menu' }).boundingBox();
    const text = await title.boundingBox();
    expect(menu && text).toBeTruthy();
    // The button and the question's first line do not overlap.
    expect(text!.y >= menu!.y + menu!.height || text!.x >= menu!.x + menu!.width).toBe(true);
    await screenshot(page, 'push-prompt-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'push-prompt-desktop');
    await context.close();
  });
});
