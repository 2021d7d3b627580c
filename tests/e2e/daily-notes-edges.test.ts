/**
 * Daily notes where a person meets their rough edges: a deletion the server
 * refuses, a concept search that fails while typing '[[', the creation dialog of an
 * unknown [[name]] (the spec's Title and Tags), a paste over the 100,000-character limit
 * (in a block and in the embedded editor), a [[Title]] written through the API or pasted,
 * a day of many blocks on a slow phone.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { pageErrors, pageToday, screenshot, useBrowser, signedInPage as openSignedIn } from './browser';
import { openEditorPage } from './editor-support/editor-page';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const signedInPage = (account: Account, opts: { width?: number; height?: number } = {}) => openSignedIn(browser, stack.url, account.token, opts);
const blocks = (page: Page) => page.getByTestId('note-block');

/** Today's note holding one block with `text`, made through the API. */
async function noteWithBlock(account: Account, text: string) {
  const note = await api(stack.url, 'POST', '/api/notes', { token: account.token, json: { date: pageToday() } });
  const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  await api(stack.url, 'POST', `/api/notes/${note.body.id}/blocks`, { token: account.token, json: { text: doc, order_idx: 0 } });
  return note.body.id as number;
}

/** What a person's Ctrl+V delivers: a paste event carrying `text`. */
async function paste(editor: Locator, text: string) {
  await editor.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Waits on what the page shows after a server round trip (a concept search, the live room), generous for a loaded machine. */
const SLOW_MACHINE = { timeout: 45_000 };

/** 120,000 characters of writing over many lines. */
const LONG_TEXT = Array.from({ length: 1200 }, (_, i) => `Ligne ${String(i).padStart(4, '0')} `.padEnd(100, 'é')).join('\n');

describe('daily notes: failures and limits', () => {
  it("says the server's status when deleting a block fails", async () => {
    const ada = await createAccount(stack.url, 'delfail');
    await noteWithBlock(ada, 'Un bloc à garder');
    const { context, page } = await signedInPage(ada);
    // Without a party server the page edits block by block over REST, where deletion can fail.
    await page.route('**/api/config', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), party_host: null } });
    });
    await page.route('**/api/notes/blocks/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await page.goto(`${stack.url}/daily`);
    await blocks(page).first().getByText('Un bloc à garder').waitFor();
    await blocks(page).first().getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Failed to delete block: 500 Internal Server Error').waitFor();
    expect(await page.getByText('Aucune réponse du serveur.').count()).toBe(0);
    expect(await blocks(page).count()).toBe(1);
    await context.close();
  });

  it("says the concept list failed to load while typing '[['", async () => {
    const ada = await createAccount(stack.url, 'linkfail');
    await noteWithBlock(ada, 'Début');
    const { context, page } = await signedInPage(ada);
    await page.route('**/api/concepts/search?**', (route) => route.fulfill({ status: 500, json: { detail: 'Internal server error', code: 'internal_error' } }));
    await page.goto(`${stack.url}/daily`);
    const editor = blocks(page).first().getByRole('textbox', { name: 'Bloc' });
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' [[Biolo');
    const list = page.getByRole('listbox', { name: 'Concepts' });
    await list.getByText('Failed to load concept list for linking.').waitFor();
    expect(await list.getByText('Aucun concept trouvé').count()).toBe(0);
    await screenshot(page, 'daily-link-search-failed');
    await context.close();
  });

  it('creates the concept of an unknown [[name]] from the spec dialog: Title and Tags, and a blank title says so', async () => {
    const ada = await createAccount(stack.url, 'unknownlink');
    await noteWithBlock(ada, 'Vu au microscope :');
    const { context, page } = await signedInPage(ada, { width: 390, height: 844 });
    await page.goto(`${stack.url}/daily`);
    const editor = blocks(page).first().getByRole('textbox', { name: 'Bloc' });
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' [[Stomate]]');
    const dialog = page.getByRole('dialog', { name: 'Créer un nouveau concept' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Stomate');
    await dialog.getByLabel('Tags').waitFor();
    expect(await dialog.getByLabel('Contenu').count()).toBe(0);
    await screenshot(page, 'daily-create-from-link-phone');
    await dialog.getByLabel('Title').fill('  ');
    const create = dialog.getByRole('button', { name: 'Créer le concept' });
    expect(await create.isEnabled()).toBe(true);
    await create.click();
    await dialog.getByText('Title cannot be empty.').waitFor();
    await dialog.getByLabel('Title').fill('Stomate');
    await dialog.getByLabel('Tags').fill('botanique, feuille');
    await create.click();
    await dialog.waitFor({ state: 'hidden' });
    const link = blocks(page).first().locator('a[data-concept-link]', { hasText: 'Stomate' });
    await link.waitFor();
    const id = Number((await link.getAttribute('href'))!.split('/').pop());
    const concept = await api(stack.url, 'GET', `/api/concepts/${id}`, { token: ada.token });
    expect(concept.body.title).toBe('Stomate');
    expect(concept.body.tags.map((t: { name: string }) => t.name).sort()).toEqual(['botanique', 'feuille']);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows a [[Title]] written through the API as the link typing it makes, and 'Lier automatiquement tous les blocs' links a placeholder once its concept exists", async () => {
    const ada = await createAccount(stack.url, 'restlinks');
    const made = await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Mitochondrie' } });
    await noteWithBlock(ada, 'La [[mitochondrie]] et le [[Ribosome]] de la cellule');
    const { context, page } = await signedInPage(ada);
    await page.goto(`${stack.url}/daily`);
    const block = blocks(page).first();
    const link = block.locator('a[data-concept-link]', { hasText: 'mitochondrie' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/concepts/${made.body.id}`);
    expect(await block.locator('[data-pending-concept]').textContent()).toBe('Ribosome');
    expect(await block.getByRole('textbox', { name: 'Bloc' }).textContent()).toBe('La mitochondrie et le Ribosome de la cellule');
    await screenshot(page, 'daily-rest-links-desktop');

    const ribosome = await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Ribosome' } });
    await page.getByRole('button', { name: 'Lier automatiquement tous les blocs' }).click();
    await page.getByText('Liaison automatique : 1 bloc(s) traités.').waitFor();
    const linked = blocks(page).first().locator('a[data-concept-link]', { hasText: 'Ribosome' });
    await linked.waitFor();
    expect(await linked.getAttribute('href')).toBe(`/concepts/${ribosome.body.id}`);
    expect(await blocks(page).first().locator('[data-pending-concept]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    const phone = await signedInPage(ada, { width: 390, height: 844 });
    await phone.page.goto(`${stack.url}/daily`);
    await blocks(phone.page).first().locator('a[data-concept-link]', { hasText: 'Ribosome' }).waitFor();
    await screenshot(phone.page, 'daily-rest-links-phone');
    await phone.context.close();
  });

  it('makes each [[Title]] pasted into a block or the embedded editor the link typing it makes: a link to a known concept, a placeholder otherwise', async () => {
    const ada = await createAccount(stack.url, 'pastelinks');
    const made = await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Photosynthèse' } });
    await noteWithBlock(ada, 'Avant');
    const { context, page } = await signedInPage(ada, { width: 390, height: 844 });
    await page.goto(`${stack.url}/daily`);
    const block = blocks(page).first();
    const editor = block.getByRole('textbox', { name: 'Bloc' });
    await editor.getByText('Avant').waitFor(SLOW_MACHINE);
    await editor.click();
    await page.keyboard.press('End');
    await paste(editor, ' : relu [[photosynthèse]] et [[Chloroplaste]].');
    const link = block.locator('a[data-concept-link]', { hasText: 'photosynthèse' });
    await link.waitFor(SLOW_MACHINE);
    expect(await link.getAttribute('href')).toBe(`/concepts/${made.body.id}`);
    expect(await block.locator('[data-pending-concept]').textContent()).toBe('Chloroplaste');
    expect(await editor.textContent()).toBe('Avant : relu photosynthèse et Chloroplaste.');
    await screenshot(page, 'daily-pasted-links-phone');
    // Kept as a link: the note shows it again once reloaded.
    await page.reload();
    await blocks(page).first().locator('a[data-concept-link]', { hasText: 'photosynthèse' }).waitFor(SLOW_MACHINE);
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    const embedded = await openEditorPage(browser, stack.url, { token: ada.token });
    await embedded.editor.click();
    await paste(embedded.editor, 'Voir [[PHOTOSYNTHÈSE]]');
    const pasted = embedded.editor.locator('a[data-concept-link]', { hasText: 'PHOTOSYNTHÈSE' });
    await pasted.waitFor(SLOW_MACHINE);
    expect(await pasted.getAttribute('href')).toBe(`/concepts/${made.body.id}`);
    await screenshot(embedded.page, 'editor-pasted-link-desktop');
    await embedded.context.close();
  });

  it('keeps the start of a paste over 100,000 characters in a block, and says why', async () => {
    const ada = await createAccount(stack.url, 'pasteblock');
    await noteWithBlock(ada, 'Avant');
    const { context, page } = await signedInPage(ada);
    await page.goto(`${stack.url}/daily`);
    const editor = blocks(page).first().getByRole('textbox', { name: 'Bloc' });
    await editor.click();
    await page.keyboard.press('End');
    await paste(editor, LONG_TEXT);
    await page.getByText('Le texte collé dépasse 100 000 caractères.', { exact: false }).waitFor();
    await expect.poll(() => blocks(page).first().getByTestId('editor-counts').textContent()).toContain('100000 / 100000 caractères');
    expect(await editor.textContent()).toContain('AvantLigne 0000');
    await screenshot(page, 'daily-paste-too-long');
    await context.close();
  });

  it('keeps the start of a paste over 100,000 characters in the embedded editor, and says why', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url);
    await editor.click();
    await paste(editor, LONG_TEXT);
    await page.getByText('Le texte collé dépasse 100 000 caractères.', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('editor-counts').textContent()).toContain('100000 / 100000 caractères');
    expect(await editor.textContent()).toMatch(/^Ligne 0000/);
    await context.close();
  });
  it("offers a block's menus once its editor has the focus: the selection menu on a selected word, the empty-line menu on an empty line; a click and keys right after load land", async () => {
    const ada = await createAccount(stack.url, 'blockmenus');
    const note = await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: pageToday() } });
    for (const [i, text] of ['Un mot à mettre en gras', ''].entries()) {
      const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }] });
      await api(stack.url, 'POST', `/api/notes/${note.body.id}/blocks`, { token: ada.token, json: { text: doc, order_idx: i } });
    }
    const { context, page } = await signedInPage(ada);
    await page.goto(`${stack.url}/daily`);
    const first = blocks(page).first().getByRole('textbox', { name: 'Bloc' });
    await first.waitFor(SLOW_MACHINE);
    // No menu before a block has the focus.
    expect(await page.getByRole('toolbar', { name: 'Menu de sélection' }).count()).toBe(0);
    await first.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' !');
    await expect.poll(() => first.textContent()).toBe('Un mot à mettre en gras !');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('toolbar', { name: 'Menu de sélection' }).getByRole('button', { name: 'Gras' }).click();
    await expect.poll(() => first.innerHTML()).toContain('<strong>mot</strong>');
    await blocks(page).nth(1).getByRole('textbox', { name: 'Bloc' }).click();
    await page.getByRole('toolbar', { name: 'Menu de ligne vide' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('gives a day of many blocks its editors one at a time on a slow phone, and a block clicked and typed into before its editor keeps every key', async () => {
    const ada = await createAccount(stack.url, 'manyblocks');
    const note = await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: pageToday() } });
    for (let i = 0; i < 20; i++) {
      const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Bloc numéro ${i}` }] }] });
      await api(stack.url, 'POST', `/api/notes/${note.body.id}/blocks`, { token: ada.token, json: { text: doc, order_idx: i } });
    }
    const { context, page } = await signedInPage(ada);
    // The block editors' code is held back until the page runs as slowly as a phone's.
    const held: Route[] = [];
    await context.route(/\/block-editors-[\w-]+\.js$/, (route) => void held.push(route));
    await page.goto(`${stack.url}/daily`);
    await page.getByTestId('note-block-stored').first().waitFor(SLOW_MACHINE);
    await expect.poll(() => held.length, SLOW_MACHINE).toBe(1);
    // A phone many times slower than this machine: each editor takes a while to make, and
    // the last block waits for the nineteen before it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await held[0]!.continue();
    // Where the last block's text starts, scrolled into view while it still waits (one round trip).
    const handle = await page.waitForFunction(
      () => {
        const waiting = [...document.querySelectorAll('[data-testid="note-block-waiting"]')].find((el) => el.textContent === 'Bloc numéro 19');
        const text = waiting?.querySelector('p');
        if (!text) return null;
        text.scrollIntoView({ block: 'center' });
        const box = text.getBoundingClientRect();
        return { x: box.x, y: box.y };
      },
      null,
      { polling: 50, ...SLOW_MACHINE },
    );
    const text = (await handle.jsonValue())!;
    await page.mouse.click(text.x + 1, text.y + 4);
    await page.keyboard.type('Vu : ');
    await screenshot(page, 'daily-blocks-waiting');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const last = blocks(page).nth(19).getByRole('textbox', { name: 'Bloc' });
    await expect.poll(() => last.textContent(), SLOW_MACHINE).toBe('Vu : Bloc numéro 19');
    // Every block gets its editor, its text as stored.
    await expect.poll(() => page.locator('[data-testid="note-block"] [role="textbox"]').count(), SLOW_MACHINE).toBe(20);
    expect(await page.getByTestId('note-block-waiting').count()).toBe(0);
    expect(await blocks(page).first().getByRole('textbox', { name: 'Bloc' }).textContent()).toBe('Bloc numéro 0');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
