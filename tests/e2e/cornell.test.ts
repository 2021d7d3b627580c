/**
 * Cornell notes in Chromium: a sheet written from the concept page with the rich
 * editor, kept across a reload, its question cues turned into cards (once), its review
 * mode with the notes hidden, a Cornell study session's summary, and the phone viewport.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const ROWS = [
  ['Où a lieu la photosynthèse ?', 'Dans les chloroplastes des feuilles.'],
  ['Chlorophylle', 'Pigment vert qui capte la lumière.'],
  ['Quel gaz la plante libère-t-elle ?', 'Le dioxygène.'],
] as const;

async function seedConcept(account: Account) {
  const created = await api(stack.url, 'POST', '/api/concepts', {
    token: account.token,
    json: { title: 'Photosynthèse', content: doc('La photosynthèse transforme la lumière en glucose dans les chloroplastes.'), tag_names: [] },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const saveState = (page: Page) => page.getByTestId('cornell-save-state').getAttribute('data-state');

/** Writes the rows from an empty sheet (its first row is there already) and the summary, and waits for the server to hold them. */
async function writeSheet(page: Page) {
  for (const [i, [cue, notes]] of ROWS.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await page.getByLabel(`Question ${i + 1}`, { exact: true }).fill(cue);
    await page.getByRole('textbox', { name: `Notes de la question ${i + 1}` }).click();
    await page.keyboard.type(notes);
  }
  await page.getByLabel('Résumé').fill('La plante fait du sucre avec la lumière et rejette du dioxygène.');
  await expect.poll(() => saveState(page), { timeout: 30_000 }).toBe('saved');
}

describe('Cornell sheets', () => {
  it('writes a sheet from the concept page, turns its questions into cards once, and reviews it with the notes hidden', async () => {
    const account = await createAccount(stack.url, 'cornell');
    const conceptId = await seedConcept(account);
    const { page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/${conceptId}`);
    await page.getByRole('link', { name: 'Fiche Cornell' }).click();
    await page.waitForURL(`${stack.url}/concepts/${conceptId}/cornell`);
    await page.getByRole('heading', { name: 'Fiche Cornell : Photosynthèse' }).waitFor();
    await writeSheet(page);

    // Kept on the server: a reload shows it all.
    await page.reload();
    await page.getByRole('textbox', { name: 'Notes de la question 3' }).getByText('Le dioxygène.').waitFor();
    expect(await page.getByLabel('Question 2', { exact: true }).inputValue()).toBe('Chlorophylle');
    expect(await page.getByLabel('Résumé').inputValue()).toContain('rejette du dioxygène');
    await screenshot(page, 'cornell-sheet');

    // Saved elsewhere meanwhile (another device): our next change is refused by the server,
    // and the page puts both versions together instead of losing either.
    const stored = await api(stack.url, 'GET', `/api/concepts/${conceptId}/cornell-sheet`, { token: account.token });
    const elsewhere = await api(stack.url, 'PUT', `/api/concepts/${conceptId}/cornell-sheet`, {
      token: account.token,
      json: { version: stored.body.version, rows: [...stored.body.rows, { cue: 'Écrit sur le téléphone', notes: doc('Une ligne du téléphone.') }], summary: stored.body.summary },
    });
    expect(elsewhere.status).toBe(200);
    await page.getByLabel('Résumé').fill('Résumé réécrit sur l’ordinateur.');
    await page.getByText('Cette fiche a été modifiée ailleurs entre-temps : les deux versions ont été réunies, rien n’est perdu.').waitFor();
    await expect.poll(() => saveState(page), { timeout: 30_000 }).toBe('saved');
    const merged = await api(stack.url, 'GET', `/api/concepts/${conceptId}/cornell-sheet`, { token: account.token });
    expect(merged.body.rows.map((r: { cue: string }) => r.cue)).toEqual([...ROWS.map((r) => r[0]), 'Écrit sur le téléphone']);
    expect(merged.body.summary).toContain('rejette du dioxygène');
    expect(merged.body.summary).toContain('Résumé réécrit sur l’ordinateur.');
    await page.getByLabel('Question 4', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Retirer la ligne 4' }).click();
    await expect.poll(() => saveState(page), { timeout: 30_000 }).toBe('saved');

    // Question cues become cards (question = cue, answer = the notes); a keyword cue does not; twice adds nothing.
    await page.getByRole('button', { name: 'Créer des cartes à partir des questions' }).click();
    await page.getByTestId('cornell-cards-created').getByText(/^2 cartes créées/).waitFor();
    const cards = await api(stack.url, 'GET', `/api/concepts/${conceptId}/flashcards`, { token: account.token });
    expect(cards.body.map((c: { question: string; answer: string }) => [c.question, c.answer]).sort()).toEqual([[...ROWS[0]], [...ROWS[2]]].sort());
    await page.getByRole('button', { name: 'Créer des cartes à partir des questions' }).click();
    await page.getByTestId('cornell-cards-created').getByText(/^Aucune nouvelle carte/).waitFor();

    // Review mode: each cue asked with its notes hidden, shown on request, then rated.
    await page.getByRole('button', { name: 'Mode révision' }).click();
    await page.getByTestId('cornell-review-cue').getByText(ROWS[0][0]).waitFor();
    expect(await page.getByText(ROWS[0][1]).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /Notes de la question/ }).count()).toBe(0);
    await screenshot(page, 'cornell-review');
    await page.getByRole('button', { name: 'Afficher mes notes' }).click();
    await page.getByTestId('cornell-review-notes').getByText(ROWS[0][1]).waitFor();
    await page.getByRole('button', { name: /Bon/ }).click();
    // The keyboard: Space shows the notes, 1–4 rate.
    await page.getByTestId('cornell-review-cue').getByText(ROWS[1][0]).waitFor();
    await page.keyboard.press('Space');
    await page.getByTestId('cornell-review-notes').getByText(ROWS[1][1]).waitFor();
    await page.keyboard.press('1');
    await page.getByTestId('cornell-review-cue').getByText(ROWS[2][0]).waitFor();
    await page.keyboard.press('Space');
    await page.keyboard.press('4');
    await page.getByTestId('cornell-review-tally').getByText('2 / 3 questions bien retrouvées.').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('reviews the sheet in a Cornell session and sums it up, and fits the phone viewport', async () => {
    const account = await createAccount(stack.url, 'cornellsession');
    const conceptId = await seedConcept(account);
    const { page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/study/select-concepts?method=CORNELL`);
    await page.getByRole('checkbox', { name: 'Photosynthèse' }).check();
    await page.getByRole('button', { name: 'Démarrer la session (1)' }).click();
    await page.waitForURL(/\/study\/method\/\d+$/);
    const sessionId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: 'Session Cornell' }).waitFor();
    await writeSheet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'cornell-phone-sheet');

    await page.getByRole('button', { name: 'Mode révision' }).click();
    for (const rating of ['Bon', 'Difficile', 'Facile']) {
      await page.getByRole('button', { name: 'Afficher mes notes' }).click();
      await page.getByRole('button', { name: new RegExp(rating) }).click();
    }
    await page.getByText('Révision enregistrée pour ce concept.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'cornell-phone-tally');
    await page.getByRole('button', { name: 'Terminer la session' }).click();
    await page.waitForURL(`${stack.url}/study/summary/${sessionId}`);
    const row = await page.getByTestId('method-results-concept').first().innerText();
    expect(row).toContain('Photosynthèse');
    expect(row).toContain('2 / 3 questions bien retrouvées');
    // The sheet written in the session is the concept's own.
    const sheet = await api(stack.url, 'GET', `/api/concepts/${conceptId}/cornell-sheet`, { token: account.token });
    expect(sheet.body.rows.map((r: { cue: string }) => r.cue)).toEqual(ROWS.map((r) => r[0]));
    expect(pageErrors(page)).toEqual([]);
  });
});
