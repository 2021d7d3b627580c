/**
 * Daily notes in Chromium (issue 11): writing a day with a [[link]], a promotion, a
 * deletion after confirmation, navigation by the buttons and the calendar, importing a
 * Markdown note, the concept page's mention link landing on its block, and the phone viewport.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localNoteDate, longFrenchDate, shiftNoteDate } from '@domain/daily-dates';
import { api, createAccount, type Account } from '../support/client';
import { newPage, pageErrors, screenshot, useBrowser, signedInPage as openSignedIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const signedInPage = (account: Account, opts: { width?: number; height?: number } = {}) => openSignedIn(browser, stack.url, account.token, opts);

const blocks = (page: Page) => page.getByTestId('note-block');

async function noteOf(account: Account, date: string) {
  return (await api(stack.url, 'GET', `/api/notes?note_date=${date}`, { token: account.token })).body;
}

describe('daily notes in Chromium', () => {
  it('writes today with a [[link]], promotes and deletes blocks, navigates by buttons and calendar, imports a note', async () => {
    const ada = await createAccount(stack.url, 'daily');
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Photosynthèse' } });
    const today = localNoteDate(new Date());
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
    await page.getByTestId('block-save-state').first().getByText('Enregistré', { exact: true }).waitFor();
    await page.getByTestId('note-mentions').getByRole('link', { name: 'Photosynthèse' }).waitFor();
    let stored = await noteOf(ada, today);
    expect(stored.blocks[0].text).toContain('ce matin');

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
    stored = await noteOf(ada, today);
    expect(stored.blocks).toHaveLength(1);

    // Reloading keeps what was written.
    await page.reload();
    await blocks(page).first().getByText('ce matin').waitFor();

    // Day Before, then the calendar.
    await page.getByRole('button', { name: 'Day Before' }).click();
    await page.waitForURL(`**/daily/${shiftNoteDate(today, -1)}`);
    await page.getByText('No blocks yet. Add your first note!').waitFor();
    await page.getByLabel('Choisir une date').fill('2026-01-15');
    await page.waitForURL('**/daily/2026-01-15');
    expect(await page.getByTestId('daily-title').textContent()).toBe('jeudi 15 janvier 2026');

    // Importing a Markdown note into the shown day.
    await page.getByTestId('note-import-input').setInputFiles({ name: 'note.md', mimeType: 'text/markdown', buffer: Buffer.from('## Bilan\n\n- [ ] relire\n\n<!-- block -->\n\n> une citation\n') });
    await expect.poll(() => blocks(page).count(), { timeout: 10_000 }).toBe(2);
    await blocks(page).first().getByRole('heading', { name: 'Bilan' }).waitFor();
    // Opening blocks saves nothing by itself: the imported text stays as imported.
    await page.waitForTimeout(1500);
    expect((await noteOf(ada, '2026-01-15')).blocks.map((b: { version: number }) => b.version)).toEqual([1, 1]);
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
    await page.goto(`${stack.url}/concepts/${concept.id}`);
    await page.getByRole('link', { name: '2026-02-10' }).click();
    await page.waitForURL(`**/daily/2026-02-10#block-${mention.id}`);
    const target = page.locator(`#block-${mention.id}`);
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

    // A failed save keeps the text, shows it unsaved, and retries until it is stored.
    let refused = 0;
    await page.route('**/api/notes/blocks/*', (route) => (route.request().method() === 'PATCH' && refused++ < 1 ? route.abort() : route.continue()));
    const last = page.locator(`#block-${mention.id}`);
    await last.getByRole('textbox', { name: 'Bloc' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' hors ligne');
    await last.getByText('Non enregistré — nouvel essai bientôt').waitFor();
    expect(await last.getByRole('textbox', { name: 'Bloc' }).textContent()).toContain('hors ligne');
    await last.getByTestId('block-save-state').getByText('Enregistré', { exact: true }).waitFor({ timeout: 15_000 });
    const saved = (await api(stack.url, 'GET', '/api/notes?note_date=2026-02-10', { token: ada.token })).body;
    expect(saved.blocks.find((b: { id: number }) => b.id === mention.id).text).toContain('hors ligne');
    await page.unroute('**/api/notes/blocks/*');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'daily-notes-phone');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
