import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount, PASSWORD } from '../support/client';
import { useBrowser, newPage, pageErrors, screenshot, signedInPage } from './browser';
import { actAsNativeWebView } from './host/native-webview';
import { startHostServer } from './host/server';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('accounts and the shell in Chromium', () => {
  it('registers, logs in, shows the username in the drawer, and logs out', async () => {
    const { context, page } = await newPage(browser);
    const username = `e2e_${Date.now() % 1_000_000}`;
    await page.goto(`${stack.url}/register`);
    const submit = page.getByRole('button', { name: 'Créer mon compte' });
    await page.getByLabel("Nom d'utilisateur").fill('ab');
    await page.getByLabel('Adresse Email').click();
    await expect(page.getByText("Le nom d'utilisateur doit contenir 3-20 caractères (lettres, chiffres, _)").isVisible()).resolves.toBe(true);
    await page.getByLabel("Nom d'utilisateur").fill(username);
    await page.getByLabel('Adresse Email').fill(`${username}@Example.com`);
    await page.getByLabel('Mot de passe', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirmer le mot de passe').fill('weakpass');
    await page.getByLabel('Confirmer le mot de passe').blur();
    await page.getByText('Le mot de passe doit contenir une majuscule, un chiffre, un caractère spécial').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    expect(await submit.isDisabled()).toBe(true); // terms not accepted yet
    await page.getByRole('checkbox').check();
    await screenshot(page, 'register-filled');
    await submit.click();
    await page.waitForURL(`${stack.url}/login`, { timeout: 5000 });
    // The identifier arrives prefilled from registration.
    expect(await page.getByLabel("Email ou nom d'utilisateur").inputValue()).toBe(username);
    await page.getByLabel('Mot de passe').fill('Wrong123!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText("Nom d'utilisateur ou mot de passe incorrect.").waitFor();
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${stack.url}/dashboard`);
    await page.getByText('Connexion réussie !').waitFor();
    expect(await page.getByTestId('drawer-username').textContent()).toBe(username);
    for (const label of ['Dashboard', 'Concepts', 'Constellations', 'Study', 'Notes journalières', 'Search', 'Galaxy View', 'Explorateur Hiérarchique', 'Settings']) {
      expect(await page.getByRole('navigation').getByText(label, { exact: false }).first().isVisible()).toBe(true);
    }
    await screenshot(page, 'dashboard-shell');
    // A reload keeps the session.
    await page.reload();
    expect(await page.getByTestId('drawer-username').textContent()).toBe(username);
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL(`${stack.url}/login`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown path, and sends a guarded path to login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${stack.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    expect(await page.getByRole('link', { name: 'Aller à la connexion' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found');
    await page.goto(`${stack.url}/concepts`);
    await page.waitForURL(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.getByRole('button', { name: 'Se connecter' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('sends a signed-in person from /login to the dashboard', async () => {
    const account = await createAccount(stack.url, 'redir');
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/login`);
    await page.waitForURL(`${stack.url}/dashboard`);
    await context.close();
  });
});

describe('web view handshake', () => {
  it('an embedded page receives its token from the host by message and becomes authenticated', async () => {
    const account = await createAccount(stack.url, 'phone');
    const host = await startHostServer();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      const query = new URLSearchParams({ app: stack.url, path: '/minimal-editor?source=mobile', token: account.token });
      await page.goto(`${host.url}/?${query}`);
      const frame = page.frameLocator('#webview');
      await frame.getByTestId('embedded-user').waitFor();
      expect(await frame.getByTestId('embedded-user').textContent()).toContain(account.username);
      const received = (await page.evaluate(() => (window as unknown as { received: { type: string }[] }).received)).map((m) => m.type);
      expect(received).toContain('request-auth-token');
      expect(received).toContain('auth-status');
      // No drawer in a web view.
      expect(await frame.getByRole('navigation').count()).toBe(0);
      await screenshot(page, 'webview-authenticated');
    } finally {
      await context.close();
      await host.close();
    }
  });

  it('a host page may frame the embedded editor but no ordinary screen', async () => {
    const host = await startHostServer();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      const framed = async (path: string) => {
        await page.goto(`${host.url}/?${new URLSearchParams({ app: stack.url, path })}`);
        const child = () => page.mainFrame().childFrames()[0];
        await expect.poll(() => child()?.url() ?? 'about:blank', { timeout: 15_000 }).not.toBe('about:blank');
        return child()!;
      };
      // Chromium refuses the framed dashboard (frame-ancestors 'none') and shows its error page instead.
      const refused = await framed('/dashboard');
      await expect.poll(() => refused.url(), { timeout: 15_000 }).toMatch(/^chrome-error:/);
      expect(await refused.locator('[data-testid="embedded-user"], nav').count()).toBe(0);
      await screenshot(page, 'webview-ordinary-screen-refused');
      const embedded = await framed('/minimal-editor?source=mobile');
      await embedded.getByText("Synchronisation avec l'application mobile...").waitFor();
      expect(embedded.url()).toBe(`${stack.url}/minimal-editor?source=mobile`);
    } finally {
      await context.close();
      await host.close();
    }
  });

  it('an embedded page whose host never answers shows the blocking sync dialog after 10 s', async () => {
    const host = await startHostServer();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      // The page's clock runs the 10 s ahead instead of the test waiting them out.
      await page.clock.install();
      const query = new URLSearchParams({ app: stack.url, path: '/minimal-editor?source=mobile' });
      await page.goto(`${host.url}/?${query}`);
      const frame = page.frameLocator('#webview');
      await frame.getByText("Synchronisation avec l'application mobile...").waitFor();
      await page.clock.runFor(10_500);
      await frame.getByRole('dialog', { name: 'Problème de synchronisation' }).waitFor();
      await screenshot(page, 'webview-timeout');
    } finally {
      await context.close();
      await host.close();
    }
  });
});

describe('web view guard', () => {
  it('a guarded route in the web view shows the auth banner and the sync dialog, never a browser login page', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      // The phone app's web view (a guarded screen is never framed) hands over a token the server refuses.
      await actAsNativeWebView(page, ['not.a-valid.token']);
      await page.goto(`${stack.url}/dashboard?source=mobile`);
      await page.getByRole('dialog', { name: 'Problème de synchronisation' }).waitFor();
      await page.getByRole('button', { name: 'Réessayer' }).first().waitFor();
      expect(await page.getByLabel('Mot de passe').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await screenshot(page, 'webview-guarded-route');
    } finally {
      await context.close();
    }
  });
});

describe('expired sessions', () => {
  const forge = async (sub: number, secret: string) => {
    const { SignJWT } = await import('jose');
    return new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(sub)).setIssuer('astrolabe').setAudience('astrolabe-app').setExpirationTime('1h').sign(new TextEncoder().encode(secret));
  };

  it('in a browser, a token the server refuses ends the session: message, tokens cleared, /auth', async () => {
    const account = await createAccount(stack.url, 'stale');
    const revoked = await forge(account.id, 'a-secret-the-server-does-not-know!');
    const { context, page } = await signedInPage(browser, stack.url, revoked);
    await page.goto(`${stack.url}/concepts`);
    await page.waitForURL(/\/(auth|login)$/);
    await page.getByText('Session expired. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBeNull();
    await context.close();
  });

  it('in a web view, a refused token is replaced once by a fresh one from the host', async () => {
    const account = await createAccount(stack.url, 'refresh');
    const revoked = await forge(account.id, 'a-secret-the-server-does-not-know!');
    const host = await startHostServer();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      const query = new URLSearchParams({ app: stack.url, path: '/minimal-editor?source=mobile', tokens: `${revoked},${account.token}` });
      await page.goto(`${host.url}/?${query}`);
      const frame = page.frameLocator('#webview');
      await frame.getByTestId('embedded-user').waitFor();
      // The refused token, then one fresh one: whether the first came on the page's request or
      // when the host saw the page ready (a slow page asks later) does not matter.
      expect(await page.evaluate(() => (window as unknown as { tokensSent(): number }).tokensSent())).toBe(2);
      const received = await page.evaluate(() => (window as unknown as { received: { type: string }[] }).received);
      expect(received.filter((m) => m.type === 'request-auth-token').length).toBeGreaterThanOrEqual(1);
    } finally {
      await context.close();
      await host.close();
    }
  });
});

describe('a logout asked by the host', () => {
  it('while an answer given offline waits: the page answers what would be lost and stays signed in, then logs out once the host confirms', async () => {
    const account = await createAccount(stack.url, 'hostout');
    const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Pérou' }] }] });
    const concept = (await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Capitales', content: doc } })).body;
    await api(stack.url, 'POST', `/api/concepts/${concept.id}/flashcards`, { token: account.token, json: { question: 'Capitale du Pérou ?', answer: 'Lima' } });
    const { context, page } = await newPage(browser, { width: 390, height: 844, serviceWorker: true });
    const received = () => page.evaluate(() => (window as unknown as { received: { type: string }[] }).received);
    const fromHost = (message: object) => page.evaluate((m) => window.postMessage(m, location.origin), message);
    try {
      await actAsNativeWebView(page, [account.token]);
      await page.goto(`${stack.url}/flashcards?source=mobile`);
      await page.getByRole('button', { name: 'Réviser les cartes dues' }).click();
      const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
      await dialog.getByRole('button', { name: 'Afficher la Réponse' }).click();
      // The network goes: the answer is kept on the device.
      await context.setOffline(true);
      await dialog.getByRole('button', { name: /^Bon/ }).click();
      const status = page.getByTestId('sync-status');
      await status.getByText('1 modification en attente', { exact: false }).waitFor();

      await fromHost({ type: 'logout' });
      await expect.poll(async () => (await received()).find((m) => m.type === 'logout-pending')).toEqual({
        type: 'logout-pending',
        pending: 1,
        message: '1 révision hors ligne sera perdue : elle n’a pas encore été envoyée au serveur.',
      });
      expect((await received()).map((m) => m.type)).not.toContain('logout');
      await status.getByText('1 modification en attente', { exact: false }).waitFor();

      // The person chose to log out anyway: the page logs out and tells the host.
      await fromHost({ type: 'logout', discard_pending: true });
      await expect.poll(async () => (await received()).map((m) => m.type)).toContain('logout');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('console and phone layout', () => {
  it('loads pages and editors without router or linkify warnings, fills a short page with its background, shows a code block without an inner chip, and keeps a long mention on a phone screen', async () => {
    const account = await createAccount(stack.url, 'console');
    const content = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Un pigment vert.' }] },
        { type: 'codeBlock', content: [{ type: 'text', text: 'absorbe(rouge, bleu)' }] },
      ],
    };
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Chlorophylle', content } });
    const note = await api(stack.url, 'POST', '/api/notes', { token: account.token, json: { date: '2026-02-02' } });
    const long = `[[Chlorophylle]] ${'https://example.org/'.padEnd(300, 'x')}`;
    const block = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: long }] }] });
    expect((await api(stack.url, 'POST', `/api/notes/${note.body.id}/blocks`, { token: account.token, json: { note_id: note.body.id, text: block, order_idx: 0 } })).status).toBe(201);
    expect((await api(stack.url, 'POST', `/api/notes/${note.body.id}/blocks`, { token: account.token, json: { note_id: note.body.id, text: '<p>Second bloc</p>', order_idx: 1 } })).status).toBe(201);

    const { context, page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    const warnings: string[] = [];
    page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && warnings.push(m.text()));
    try {
      await page.goto(`${stack.url}/concepts/${concept.body.id}`);
      await page.getByText('Un pigment vert.').first().waitFor();
      await page.getByText(/example\.org/).first().waitFor();
      // Nothing wider than the phone's screen: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'concept-long-mention-phone');
      // A code block is one frame: its text carries no second inline-code chip.
      const codeBackground = await page.locator('.ProseMirror pre code').first().evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(codeBackground).toBe('rgba(0, 0, 0, 0)');
      // Several editors on one page (a daily note's blocks) register no linkify scheme twice.
      await page.goto(`${stack.url}/daily/2026-02-02`);
      await page.getByText('Second bloc').waitFor();
      expect(await page.locator('.ProseMirror').count()).toBeGreaterThanOrEqual(2);
      await page.goto(`${stack.url}/nowhere-at-all`);
      await page.getByText('Page introuvable').waitFor();
      expect(await page.evaluate(() => document.body.getBoundingClientRect().height >= window.innerHeight)).toBe(true);
      expect(warnings.filter((w) => /HydrateFallback|linkifyjs/i.test(w))).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
