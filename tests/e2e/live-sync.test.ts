/**
 * Live editing in Chromium: a desktop browser and a phone (the embedded editor inside the
 * native host page) edit the same concept at the same time, and each sees the other's
 * text and caret. The content is stored without anyone pressing save.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, FrameLocator, Locator, Page, WebSocketRoute } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { launchBrowser, newPage, pageErrors, screenshot, signIn, signedInPage } from './browser';
import { startHostServer } from './host/server';
import { connectClient, eventually, waitForSynced } from '../sync/yjs-client';
import { appendParagraph, textOf } from '../sync/live-helpers';

const stack = inject('stack');
let browser: Browser;
let account: Account;
let host: Awaited<ReturnType<typeof startHostServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount(stack.url, 'live');
  host = await startHostServer();
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** Types a new last paragraph; the keys go to the editor itself (focused first), not to whatever holds the focus. */
async function typeAtEnd(_page: Page, editor: Locator, text: string) {
  await editor.click();
  await editor.press('Control+End');
  await editor.press('Enter');
  await editor.pressSequentially(text, { delay: 15 });
}

describe('live sync between a browser and a phone', () => {
  it('shows each device the other one’s text and caret, and stores the result', async () => {
    const created = await api(stack.url, 'POST', '/api/concepts', {
      token: account.token,
      json: { title: 'Mitochondrie', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'La centrale énergétique de la cellule.' }] }] } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // The desktop browser, on the concept's edit page.
    const desktop = await newPage(browser, { width: 1280, height: 800 });
    await signIn(desktop.page, stack.url, account.token);
    await desktop.page.goto(`${stack.url}/concepts/${id}/edit`);
    const desktopEditor = desktop.page.getByRole('textbox', { name: 'Contenu', exact: true });
    await desktopEditor.getByText('La centrale énergétique de la cellule.').waitFor().catch(async (err: unknown) => {
      await screenshot(desktop.page, 'live-desktop-failure');
      throw err;
    });
    await desktop.page.locator('[data-testid="live-connection"][data-state="connected"]').waitFor();

    // The phone: the native host page around /minimal-editor.
    const phone = await newPage(browser, { width: 390, height: 844 });
    const query = new URLSearchParams({ app: stack.url, path: `/minimal-editor?conceptId=${id}&mode=edit&source=mobile&hideHeader=true`, token: account.token });
    await phone.page.goto(`${host.url}/?${query}`);
    const frame: FrameLocator = phone.page.frameLocator('#webview');
    const phoneEditor = frame.getByRole('textbox', { name: 'Contenu du concept' });
    await phoneEditor.getByText('La centrale énergétique de la cellule.').waitFor();
    // The host's loading overlay goes once the editor says it is ready (it may already be gone:
    // it is not waited for visible, only hidden); typing starts once the phone is in the room.
    await phone.page.getByText("Chargement de l'éditeur...").waitFor({ state: 'hidden' });
    await frame.locator('[data-testid="live-connection"][data-state="connected"]').waitFor();

    // Both type; each sees the other's words, exactly once.
    await typeAtEnd(desktop.page, desktopEditor, 'Écrit sur le navigateur');
    await phoneEditor.getByText('Écrit sur le navigateur').waitFor();
    await typeAtEnd(phone.page, phoneEditor, 'Écrit sur le téléphone');
    await desktopEditor.getByText('Écrit sur le téléphone').waitFor();
    expect(await desktopEditor.getByText('Écrit sur le navigateur').count()).toBe(1);
    expect(await phoneEditor.getByText('La centrale énergétique de la cellule.').count()).toBe(1);

    // Each shows the other device's caret with its label.
    await desktopEditor.locator('.collaboration-carets__label', { hasText: 'Téléphone' }).waitFor();
    await phoneEditor.locator('.collaboration-carets__label', { hasText: 'Navigateur' }).waitFor();
    expect(await desktopEditor.locator('.collaboration-carets__label').first().textContent()).toBe(`${account.username} · Téléphone`);

    // The unsaved badge clears once the room has stored the edits; D1 has them.
    await desktop.page.getByTestId('unsaved-badge').waitFor({ state: 'detached', timeout: 5000 });
    const stored = await api(stack.url, 'GET', `/api/concepts/${id}`, { token: account.token });
    expect(stored.body.content_text).toBe('La centrale énergétique de la cellule.\nÉcrit sur le navigateur\nÉcrit sur le téléphone');

    // The phone told its host about the content (3 s timer).
    await phone.page.waitForFunction(() => (window as unknown as { received: { type: string }[] }).received.some((m) => m.type === 'content-changed'), undefined, { timeout: 8000 });
    const types = (await phone.page.evaluate(() => (window as unknown as { received: { type: string }[] }).received)).map((m) => m.type);
    expect(types).toContain('editor-ready');

    await screenshot(desktop.page, 'live-desktop');
    await screenshot(phone.page, 'live-phone');
    expect(pageErrors(desktop.page)).toEqual([]);
    expect(pageErrors(phone.page)).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });
});

describe('the embedded editor and its host', () => {
  it('speaks the host protocol: ready, keyboard, set-content, get-content, fullscreen', async () => {
    const created = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Protocole', content: 'Texte de départ' } });
    const id = created.body.id as number;
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      const query = new URLSearchParams({ app: stack.url, path: `/minimal-editor?conceptId=${id}&source=mobile&hideHeader=true`, token: account.token });
      await phone.page.goto(`${host.url}/?${query}`);
      const frame = phone.page.frameLocator('#webview');
      const editor = frame.getByRole('textbox', { name: 'Contenu du concept' });
      await editor.getByText('Texte de départ').waitFor();
      const received = async () => (await phone.page.evaluate(() => (window as unknown as { received: { type: string; [k: string]: unknown }[] }).received));
      const types = (await received()).map((m) => m.type);
      expect(types).toContain('webview-ready');
      expect(types).toContain('editor-ready');
      const send = (message: unknown) => phone.page.evaluate((m) => (window as unknown as { sendToWebView(m: unknown): void }).sendToWebView(m), message);
      const root = frame.getByTestId('embedded-editor-frame');

      // The host reports the keyboard closed twice when the page gets ready (as the phone app
      // does); a keyboard opened before the second report would be closed by it.
      await phone.page.waitForFunction(() => (window as unknown as { hostSettled?: boolean }).hostSettled === true);
      // The keyboard opening (reported by the host) lifts the content above it.
      await send({ type: 'keyboard-state-change', keyboardHeight: 300, viewportHeight: 544, windowHeight: 844, isKeyboardOpen: true, safeAreaBottom: 10, isFullscreen: false });
      const padding = () => root.evaluate((el) => getComputedStyle(el).paddingBottom);
      await expect.poll(padding).toBe('310px');
      await send({ type: 'keyboard-state-change', keyboardHeight: 0, viewportHeight: 844, windowHeight: 844, isKeyboardOpen: false, safeAreaBottom: 10, isFullscreen: false });
      await expect.poll(padding).toBe('60px');

      // The host replaces the content; it goes through the live document and is stored.
      await send({ type: 'set-content', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: "Envoyé par l'application" }] }] } });
      await editor.getByText("Envoyé par l'application").waitFor();
      await expect.poll(async () => (await api(stack.url, 'GET', `/api/concepts/${id}`, { token: account.token })).body.content_text, { timeout: 5000 }).toBe("Envoyé par l'application");

      // get-content answers with the current document.
      await send({ type: 'get-content' });
      await expect.poll(async () => JSON.stringify((await received()).filter((m) => m.type === 'content-changed').at(-1) ?? null), { timeout: 3000 }).toContain("Envoyé par l'application");

      // Fullscreen, asked by the host, then left.
      await send({ type: 'request-fullscreen' });
      await expect.poll(() => root.getAttribute('data-fullscreen')).toBe('true');
      await send({ type: 'exit-fullscreen' });
      await expect.poll(() => root.getAttribute('data-fullscreen')).toBe('false');
      await screenshot(phone.page, 'live-phone-protocol');
      expect(pageErrors(phone.page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('creates a concept in create mode when the host asks to save, then edits it live', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      const query = new URLSearchParams({ app: stack.url, path: '/minimal-editor?mode=create&source=mobile', token: account.token });
      await phone.page.goto(`${host.url}/?${query}`);
      const frame = phone.page.frameLocator('#webview');
      await frame.getByLabel('Titre', { exact: true }).fill('Créé depuis le téléphone');
      await frame.getByRole('textbox', { name: 'Contenu du concept' }).click();
      await phone.page.keyboard.type('Premier jet', { delay: 10 });
      await screenshot(phone.page, 'live-phone-create');
      await phone.page.evaluate(() => (window as unknown as { sendToWebView(m: unknown): void }).sendToWebView({ type: 'save-content' }));
      // Now editing the new concept through its room.
      const editor = frame.getByRole('textbox', { name: 'Contenu du concept' });
      await frame.locator('[data-testid="live-connection"][data-state="connected"]').waitFor();
      await editor.getByText('Premier jet').waitFor();
      expect(await editor.getByText('Premier jet').count()).toBe(1);
      const found = await api(stack.url, 'GET', '/api/concepts/search?q=Cr%C3%A9%C3%A9%20depuis', { token: account.token });
      expect(found.body.map((c: { title: string }) => c.title)).toEqual(['Créé depuis le téléphone']);
    } finally {
      await phone.context.close();
    }
  });

  it('/hybrid-editor sends the phone app to /minimal-editor with the same parameters', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await page.goto(`${stack.url}/hybrid-editor?mode=edit&conceptId=7&source=mobile&hideHeader=true&immersive=true&fullscreen=true`);
      await page.waitForURL(`${stack.url}/minimal-editor?mode=edit&conceptId=7&source=mobile&hideHeader=true&immersive=true&fullscreen=true`);
      // Back does not return to the hybrid page: the redirect replaced it.
      expect(await page.evaluate(() => history.length)).toBe(2);
    } finally {
      await context.close();
    }
  });
});

describe('offline on the phone', () => {
  it('removes the offline copies of concept content from the browser on logout', async () => {
    const created = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Copie locale', content: 'Texte privé' } });
    const id = created.body.id as number;
    const { context, page } = await signedInPage(browser, stack.url, account.token, { width: 1280, height: 800 });
    await page.goto(`${stack.url}/concepts/${id}/edit`);
    await page.getByRole('textbox', { name: 'Contenu', exact: true }).getByText('Texte privé').waitFor();
    await page.locator('[data-testid="live-connection"][data-state="connected"]').waitFor();
    const copies = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith('astrolabe-')));
    // The copy is named after the user and the concept, so another user never opens it.
    await expect.poll(copies).toContain(`astrolabe-u${account.id}-c${id}`);
    // Logging out from the edit page itself, with its live session still open.
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await expect.poll(copies).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('keeps edits made offline across a reload (IndexedDB) and merges them with edits made elsewhere, once each', async () => {
    const created = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Hors réseau', content: 'Paragraphe commun' } });
    const id = created.body.id as number;
    const phone = await newPage(browser, { width: 390, height: 844 });
    // The phone's network, as far as the room is concerned: sockets pass while online.
    let online = true;
    const sockets: WebSocketRoute[] = [];
    await phone.context.routeWebSocket(/\/parties\/main\//, (ws) => {
      sockets.push(ws);
      if (online) ws.connectToServer();
      else ws.close({ code: 1006 });
    });
    const laptop = connectClient(stack.partyHost, `u${account.id}-c${id}`, account.token);
    try {
      const query = new URLSearchParams({ app: stack.url, path: `/minimal-editor?conceptId=${id}&source=mobile&hideHeader=true`, token: account.token });
      await phone.page.goto(`${host.url}/?${query}`);
      const frame = phone.page.frameLocator('#webview');
      const editor = frame.getByRole('textbox', { name: 'Contenu du concept' });
      await editor.getByText('Paragraphe commun').waitFor();
      await waitForSynced(laptop);
      // The phone's editor is attached to the room before the network goes.
      await frame.locator('[data-testid="live-connection"][data-state="connected"]').waitFor();

      online = false;
      sockets.forEach((ws) => ws.close({ code: 1006 }));
      await frame.locator('[data-testid="live-connection"][data-state="disconnected"]').waitFor();
      await typeAtEnd(phone.page, editor, 'Écrit sans réseau');
      await frame.getByTestId('unsaved-badge').waitFor();
      appendParagraph(laptop.doc, "Écrit sur l'ordinateur");

      // The phone app is closed and reopened while still offline: the copy in IndexedDB is shown.
      await phone.page.waitForTimeout(500); // y-indexeddb writes after each transaction
      await phone.page.reload();
      await editor.getByText('Écrit sans réseau').waitFor();
      await frame.locator('[data-testid="live-connection"][data-state="disconnected"]').getByText('Hors ligne').waitFor();
      await frame.getByTestId('unsaved-badge').waitFor();
      await screenshot(phone.page, 'live-phone-offline-reloaded');

      online = true;
      await editor.getByText("Écrit sur l'ordinateur").waitFor({ timeout: 20_000 });
      await eventually(() => textOf(laptop.doc).includes('Écrit sans réseau'), 10_000);
      expect(textOf(laptop.doc).split('\n').sort()).toEqual(['Paragraphe commun', "Écrit sur l'ordinateur", 'Écrit sans réseau'].sort());
      expect(await editor.getByText('Écrit sans réseau').count()).toBe(1);
      await frame.getByTestId('unsaved-badge').waitFor({ state: 'detached', timeout: 5000 });
      await screenshot(phone.page, 'live-phone-offline-merged');
    } finally {
      laptop.destroy();
      await phone.context.close();
    }
  });
});
