/**
 * The notification prompt in Chromium. The e2e stack runs without VAPID keys
 * and without the internet, so the page is given a VAPID public key through its
 * /api/config answer, and the browser's push service (which would be Google's) answers
 * subscribe() with a subscription holding real P-256 keys. Permission is granted through
 * the browser context, as a person clicking 'Autoriser' would.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAccount } from '../support/client';
import { useBrowser, newPage, pageErrors, screenshot, signIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b), { serviceWorker: true });

const FAKE_PUSH_SERVICE = `
  (() => {
    const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async function (options) {
      window.__subscribeKey = b64url(options.applicationServerKey);
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
      const endpoint = 'https://push.example/e2e-' + auth;
      return { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }) };
    };
  })();
`;

describe('the notification prompt', () => {
  it('asks at sign-in, subscribes with the VAPID key once permission is granted, and sends the subscription', async () => {
    const ada = await createAccount(stack.url, 'push');
    const vapid = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
    const vapidPublic = Buffer.from((await crypto.subtle.exportKey('raw', vapid.publicKey)) as ArrayBuffer).toString('base64url');

    const { context, page } = await newPage(browser);
    await context.addInitScript(FAKE_PUSH_SERVICE);
    await page.route('**/api/config', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), vapid_public_key: vapidPublic } });
    });
    await signIn(page, stack.url, ada.token);
    await page.goto(`${stack.url}/dashboard`);

    const prompt = page.getByRole('region', { name: 'Activer les notifications ?' });
    await prompt.waitFor();
    await screenshot(page, 'push-prompt');
    await context.grantPermissions(['notifications'], { origin: stack.url });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/users/me/fcm-token'));
    await prompt.getByRole('button', { name: 'Activer' }).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const body = answer.request().postDataJSON();
    expect(body).toMatchObject({ endpoint: expect.stringMatching(/^https:\/\/push\.example\//), keys: { p256dh: expect.any(String), auth: expect.any(String) }, time_zone: 'Europe/Paris' });
    await page.getByText('Notifications activées !').waitFor();
    expect(await prompt.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __subscribeKey: string }).__subscribeKey)).toBe(vapidPublic);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r?.active?.scriptURL ?? r?.installing?.scriptURL ?? null))).toContain(
      '/firebase-messaging-sw.js',
    );

    // A push reaching the service worker while the app is on screen shows as a toast (the
    // browser's push service is replaced by DevTools' delivery of the decrypted message).
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${stack.url}/` && !r.isDeleted)).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === `${stack.url}/`)!;
    const message = { title: 'Session terminée', body: '3 cartes révisées, note moyenne 3,3 / 4.', url: '/study/summary/1' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: stack.url, registrationId, data: JSON.stringify(message) });
    await page.getByText('Session terminée').waitFor();
    await screenshot(page, 'push-foreground-toast');

    // Already granted: the next visit sends the subscription again silently, no prompt.
    const resent = page.waitForResponse((r) => r.url().endsWith('/api/users/me/fcm-token'));
    await page.reload();
    expect((await resent).status()).toBe(201);
    expect(await prompt.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
