/**
 * Daily notes in Chromium: writing a day with a [[link]] and a placeholder, a promotion, a
 * deletion after confirmation, navigation by the buttons and the calendar, importing a
 * Markdown note, the concept page's mention link landing on its block, and the phone viewport.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Route, WebSocketRoute } from 'playwright-core';
import { longFrenchDate, shiftNoteDate } from '@domain/daily-dates';
import { api, createAccount, type Account } from '../support/client';
import { newPage, pageErrors, pageToday, screenshot, useBrowser, signedInPage as openSignedIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const signedInPage = (account: Account, opts: { width?: number; height?: number } = {}) => openSignedIn(browser, stack.url, account.token, opts);

const blocks = (page: Page) => page.getByTestId('note-block');

/** The note's room holds everything this page typed: connected, no unsaved badge. */
async function storedByRoom(page: Page) {
  await page.locator('[data-testid="live-connection"][data-state="connected"]').waitFor();
  await page.getByTestId('unsaved-badge').waitFor({ state: 'hidden', timeout: 10_000 });
}

async function noteOf(account: Account, date: string) {
  return (await api(stack.url, 'GET', `/api/notes?note_date=${date}`, { token: account.token })).body;
}

describe('daily notes in Chromium', () => {
  it('writes today with a [[link]] and a new concept from a placeholder, promotes and deletes blocks, exports, navigates by every button and the calendar, imports a note and highlights', async () => {
    const ada = await createAccount(stack.url, 'daily');
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Photosynthèse' } });
    const today = pageToday();
    const { context, page } = await signedInPage(ada);
    await page.goto(`${stack.url}/daily`);
    await page.getByTestId('daily-title').waitFor();
    expect((await page.getByTestId('daily-title').textContent())!.toLowerCase()).toBe(longFrenchDate(today).toLowerCase());
    await page.getByText('No blocks yet. Add your first note!').waitFor();

    // A block with a link to a known concept, typed in any case.
    await page.getByRole('button', { name: 'Add Block' }).click();
    await blocks(page).first().waitFor();
    const editor = blocks(page).first().getByRole('textbox', { name: 'Bloc' });
    await editor.click();
    await page.keyboard.type('Lu un article sur [[photosynthèse]]');
    await page.keyboard.press('Escape');
    await page.keyboard.type(' ce matin');
    await blocks(page).first().locator('a[href$="/concepts/' + concept.body.id + '"]').waitFor();
    await storedByRoom(page);
    await page.getByTestId('note-mentions').getByRole('link', { name: 'Photosynthèse' }).waitFor();
    await expect.poll(async () => (await noteOf(ada, today)).blocks[0]?.text ?? '').toContain('ce matin');

    // An unknown title: the placeholder opens the creation dialog; the new concept becomes the link.
    await page.keyboard.type(' et [[Stomate]]');
    const popup = page.getByRole('dialog', { name: 'Créer un nouveau concept' });
    await popup.waitFor();
    expect(await blocks(page).first().locator('[data-pending-concept]').textContent()).toBe('Stomate');
    await popup.getByRole('button', { name: 'Créer le concept' }).click();
    await popup.waitFor({ state: 'hidden' });
    await blocks(page).first().locator('a[data-concept-link]', { hasText: 'Stomate' }).waitFor();
    await page.getByTestId('note-mentions').getByRole('link', { name: 'Stomate' }).waitFor({ timeout: 10_000 });

    // A second block promoted to a concept, then deleted after confirmation.
    await page.getByRole('button', { name: 'Add Block' }).click();
    await expect.poll(() => blocks(page).count(), { timeout: 10_000 }).toBe(2);
    await blocks(page).nth(1).getByRole('textbox', { name: 'Bloc' }).click();
    await page.keyboard.type('La chlorophylle absorbe le rouge et le bleu');
    await blocks(page).nth(1).getByRole('button', { name: 'Promouvoir en concept' }).click();
    await page.getByRole('button', { name: 'Créer le concept' }).click();
    await page.getByText('Title cannot be empty.').waitFor();
    await page.getByLabel('Title').fill('Chlorophylle');
    await page.getByLabel('Tags').fill('bio, plantes');
    await page.getByRole('button', { name: 'Créer le concept' }).click();
    await blocks(page).nth(1).getByRole('link', { name: 'Chlorophylle' }).waitFor();
    const promoted = (await api(stack.url, 'GET', '/api/concepts/search?q=Chlorophylle', { token: ada.token })).body;
    expect(promoted.map((c: { title: string }) => c.title)).toEqual(['Chlorophylle']);
    await blocks(page).nth(1).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => blocks(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await noteOf(ada, today)).blocks.length, { timeout: 10_000 }).toBe(1);

    // Reloading keeps what was written.
    await page.reload();
    await blocks(page).first().getByText('ce matin').waitFor();

    // Today's note exported as Markdown: a download holding what was written.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en Markdown' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.md$/);
    const { readFile } = await import('node:fs/promises');
    expect(await readFile((await file.path())!, 'utf8')).toContain('ce matin');

    // Day Before, Day After, Yesterday, then the calendar.
    await page.getByRole('button', { name: 'Day Before' }).click();
    await page.waitForURL(`**/daily/${shiftNoteDate(today, -1)}`);
    await page.getByText('No blocks yet. Add your first note!').waitFor();
    await page.getByRole('button', { name: 'Day After' }).click();
    await page.waitForURL(`**/daily/${today}`);
    await blocks(page).first().getByText('ce matin').waitFor();
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await page.waitForURL(`**/daily/${shiftNoteDate(today, -1)}`);
    await expect.poll(async () => (await page.getByTestId('daily-title').textContent())?.toLowerCase()).toBe(longFrenchDate(shiftNoteDate(today, -1)).toLowerCase());
    await page.getByLabel('Choisir une date').fill('2026-01-15');
    await page.waitForURL('**/daily/2026-01-15');
    // The address changes first; the day's page follows once the navigation renders.
    await expect.poll(() => page.getByTestId('daily-title').textContent()).toBe('jeudi 15 janvier 2026');

    // Importing a Markdown note into the shown day, once the day is shown.
    await page.getByText('No blocks yet. Add your first note!').waitFor();
    const imported = page.waitForResponse((r) => r.url().includes('/api/notes/import') && r.request().method() === 'POST');
    await page.getByTestId('note-import-input').setInputFiles({ name: 'note.md', mimeType: 'text/markdown', buffer: Buffer.from('## Bilan\n\n- [ ] relire\n\n<!-- block -->\n\n> une citation\n') });
    expect((await imported).status()).toBe(201);
    await page.getByText('Note importée.').waitFor();
    await expect.poll(() => blocks(page).count(), { timeout: 10_000 }).toBe(2);
    await blocks(page).first().getByRole('heading', { name: 'Bilan' }).waitFor();
    // Opening the imported blocks keeps them as imported: each once, with its text.
    await storedByRoom(page);
    const importedTexts = (await noteOf(ada, '2026-01-15')).blocks.map((b: { text: string; version: number }) => b.text);
    expect(importedTexts).toHaveLength(2);
    expect(importedTexts[0]).toContain('Bilan');
    expect(importedTexts[0]).toContain('relire');
    expect(importedTexts[1]).toContain('une citation');
    // E-reader highlights: each a quote block; the same file again adds nothing.
    const clippings = Buffer.from(
      'Le Petit Prince (Antoine de Saint-Exupéry)\r\n- Votre surlignement sur la page 72 | Ajouté le lundi 5 janvier 2026 10:12:00\r\n\r\nOn ne voit bien qu’avec le cœur.\r\n==========\r\n',
    );
    await page.getByTestId('highlight-import-input').setInputFiles({ name: 'My Clippings.txt', mimeType: 'text/plain', buffer: clippings });
    await page.getByText('1 surlignement(s) importé(s), 0 déjà présent(s).').waitFor();
    await expect.poll(() => blocks(page).count(), { timeout: 10_000 }).toBe(3);
    await blocks(page).nth(2).getByText('On ne voit bien qu’avec le cœur.').waitFor();
    await page.getByTestId('highlight-import-input').setInputFiles({ name: 'My Clippings.txt', mimeType: 'text/plain', buffer: clippings });
    await page.getByText('0 surlignement(s) importé(s), 1 déjà présent(s).').waitFor();
    expect(await blocks(page).count()).toBe(3);
    // The Recent Notes sidebar lists both days, today marked.
    await page.getByRole('link', { name: longFrenchDate('2026-01-15') }).waitFor();
    expect(await page.getByText("Aujourd'hui", { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'daily-notes-desktop');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("lands on the mentioned block from the concept page, and fits a phone's screen", async () => {
    const ada = await createAccount(stack.url, 'daily');
    const concept = (await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Mitochondrie' } })).body;
    const note = (await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: '2026-02-10' } })).body;
    const text = (t: string) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }] });
    for (let i = 0; i < 12; i++) await api(stack.url, 'POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { text: text(`Remplissage ${i}`), order_idx: i } });
    const mention = (await api(stack.url, 'POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { text: text('La [[Mitochondrie]] produit l’énergie et [[Ribosome]] aussi'), order_idx: 12 } })).body;

    const { context, page } = await signedInPage(ada, { width: 390, height: 844 });
    // The phone's network, as far as the note's room is concerned: sockets pass while online.
    let online = true;
    const sockets: WebSocketRoute[] = [];
    await context.routeWebSocket(/\/parties\/notes\//, (ws) => {
      sockets.push(ws);
      if (online) ws.connectToServer();
      else ws.close({ code: 1006 });
    });
    // The block editors' code is held back a while: the page shows the stored blocks without them.
    const held: Route[] = [];
    let holding = true;
    await context.route(/\/block-editors-[\w-]+\.js$/, (route) => (holding ? void held.push(route) : route.continue()));
    await page.goto(`${stack.url}/concepts/${concept.id}`);
    await page.getByRole('link', { name: '2026-02-10' }).click();
    await page.waitForURL(`**/daily/2026-02-10#block-${mention.id}`);
    // Clicked and typed into before its editor opens, the block keeps every key, where clicked.
    const stored = page.locator(`[data-testid="note-block-stored"]#block-${mention.id} p`);
    await stored.click({ position: { x: 1, y: 4 } });
    await page.keyboard.type('Vu : ');
    await screenshot(page, 'daily-stored-blocks-phone');
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    const target = page.locator(`#block-${mention.id}`);
    await expect.poll(() => target.getByRole('textbox', { name: 'Bloc' }).textContent(), { timeout: 15_000 }).toMatch(/^Vu : La Mitochondrie/);
    await target.waitFor();
    await expect.poll(() => target.getAttribute('class'), { timeout: 10_000 }).toContain('ring-amber-400');
    expect(await target.isVisible()).toBe(true);
    const box = (await target.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(844);
    // The unknown title is offered as (not found) and opens the creation route.
    await page.getByRole('link', { name: 'Ribosome (not found)' }).click();
    await page.waitForURL('**/concepts/title/Ribosome');
    await page.getByRole('button', { name: 'Créer ce concept' }).waitFor();
    await page.goto(`${stack.url}/daily/2026-02-10`);
    await page.getByRole('button', { name: 'Add Block' }).waitFor();

    // Offline, the typed text stays on screen, marked unsaved; back online it is stored.
    const last = page.locator(`#block-${mention.id}`);
    await storedByRoom(page);
    online = false;
    sockets.forEach((ws) => ws.close({ code: 1006 }));
    await page.locator('[data-testid="live-connection"][data-state="disconnected"]').waitFor({ timeout: 15_000 });
    await last.getByRole('textbox', { name: 'Bloc' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' hors ligne');
    await page.getByTestId('unsaved-badge').waitFor();
    expect(await last.getByRole('textbox', { name: 'Bloc' }).textContent()).toContain('hors ligne');
    online = true;
    await storedByRoom(page);
    await expect
      .poll(async () => (await api(stack.url, 'GET', '/api/notes?note_date=2026-02-10', { token: ada.token })).body.blocks.find((b: { id: number }) => b.id === mention.id).text, { timeout: 10_000 })
      .toContain('hors ligne');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'daily-notes-phone');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the same note on a computer and a phone at once: typing, added and deleted blocks reach the other within a second', async () => {
    const ada = await createAccount(stack.url, 'daily');
    const note = (await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: '2026-02-11' } })).body;
    const text = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Liste de courses' }] }] });
    await api(stack.url, 'POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { text, order_idx: 0 } });
    const desk = await signedInPage(ada);
    const phone = await signedInPage(ada, { width: 390, height: 844 });
    try {
      await Promise.all([desk.page.goto(`${stack.url}/daily/2026-02-11`), phone.page.goto(`${stack.url}/daily/2026-02-11`)]);
      await Promise.all([storedByRoom(desk.page), storedByRoom(phone.page)]);
      await blocks(phone.page).first().getByRole('textbox', { name: 'Bloc' }).click();
      await phone.page.keyboard.press('End');
      await phone.page.keyboard.type(' : pain, lait');
      await blocks(desk.page).first().getByText('Liste de courses : pain, lait').waitFor({ timeout: 5000 });

      await desk.page.getByRole('button', { name: 'Add Block' }).click();
      await expect.poll(() => blocks(phone.page).count(), { timeout: 5000 }).toBe(2);
      await blocks(desk.page).nth(1).getByRole('textbox', { name: 'Bloc' }).click();
      await desk.page.keyboard.type('Appeler le garage');
      await blocks(phone.page).nth(1).getByText('Appeler le garage').waitFor({ timeout: 5000 });
      // Moved first on the phone, it is first on the computer too.
      await blocks(phone.page).nth(1).getByRole('button', { name: 'Monter le bloc' }).click();
      await blocks(desk.page).first().getByText('Appeler le garage').waitFor({ timeout: 5000 });
      await screenshot(phone.page, 'daily-notes-two-devices-phone');

      await blocks(phone.page).first().getByRole('button', { name: 'Supprimer' }).click();
      await phone.page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
      await expect.poll(() => blocks(desk.page).count(), { timeout: 5000 }).toBe(1);
      await storedByRoom(phone.page);
      await expect
        .poll(async () => (await noteOf(ada, '2026-02-11')).blocks.map((b: { text: string }) => JSON.parse(b.text).content[0].content[0].text), { timeout: 10_000 })
        .toEqual(['Liste de courses : pain, lait']);
      expect(pageErrors(desk.page)).toEqual([]);
      expect(pageErrors(phone.page)).toEqual([]);
    } finally {
      await desk.context.close();
      await phone.context.close();
    }
  });
});
