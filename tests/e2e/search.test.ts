/**
 * Global search and the quick switcher in Chromium: the /search screen as the
 * spec draws it — field, button and Enter, tabs, highlighted and escaped snippets, per-tab
 * pages, empty and error texts, the address restoring the search on reload and Back —
 * and Ctrl+K from any page.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { newPage, pageErrors, screenshot, useBrowser, signedInPage as openSignedIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function concept(account: Account, title: string, text: string): Promise<number> {
  const res = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title, content: doc(text) } });
  expect(res.status).toBe(201);
  return res.body.id;
}

const signedInPage = (account: Account) => openSignedIn(browser, stack.url, account.token);

const results = (page: Page, kind: string) => page.getByTestId(`results-${kind}`);

describe('global search in Chromium', () => {
  it('searches from the field, shows highlighted results by tab, pages one tab, and keeps the search in the address', async () => {
    const ada = await createAccount(stack.url, 'search');
    const energie = await concept(ada, 'Énergie', 'La capacité à produire un travail, mesurée en joules.');
    const mouvement = await concept(ada, 'Mouvement', 'Une énergie cinétique <b>pas du gras</b> & rien de plus.');
    for (let i = 1; i <= 12; i++) await concept(ada, `Orbite ${String(i).padStart(2, '0')}`, `Une orbite elliptique numéro ${i}.`);
    const card = await api(stack.url, 'POST', `/api/concepts/${energie}/flashcards`, { token: ada.token, json: { question: 'Unité de l’énergie ?', answer: 'Le joule' } });
    expect(card.status).toBe(201);
    const other = await createAccount(stack.url, 'other');
    await concept(other, 'Énergie secrète', 'énergie énergie énergie');

    const { context, page } = await signedInPage(ada);
    const searchCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/search') searchCalls.push(new URL(req.url()).search);
    });
    await page.goto(`${stack.url}/search`);
    await page.getByRole('heading', { level: 1, name: 'Recherche Globale' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Notes' }).isDisabled()).toBe(true);

    // A blank query runs nothing.
    await page.getByLabel('Rechercher', { exact: true }).fill('   ');
    await page.getByLabel('Rechercher', { exact: true }).press('Enter');
    await page.waitForTimeout(300);
    expect(searchCalls).toEqual([]);

    // Enter searches; accents and case do not matter; matches are highlighted, markup escaped.
    await page.getByLabel('Rechercher', { exact: true }).fill('ENERGIE');
    await page.getByLabel('Rechercher', { exact: true }).press('Enter');
    await results(page, 'concepts').getByRole('link', { name: /Énergie/ }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=ENERGIE');
    expect(await results(page, 'concepts').getByRole('link').count()).toBe(2);
    expect(await results(page, 'concepts').locator('mark').first().textContent()).toMatch(/énergie/i);
    const mouvementLink = results(page, 'concepts').getByRole('link', { name: /Mouvement/ });
    expect(await mouvementLink.getAttribute('href')).toBe(`/concepts/${mouvement}`);
    expect(await mouvementLink.innerText()).toContain('<b>pas du gras</b> & rien');
    expect(await mouvementLink.locator('b').count()).toBe(0);
    const cardLink = results(page, 'flashcards').getByRole('link');
    expect(await cardLink.getAttribute('href')).toBe(`/concepts/${energie}`);
    expect(await cardLink.innerText()).toContain('Unité de l’énergie ?');
    expect(await page.getByText('secrète').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Notes' }).isDisabled()).toBe(true);
    await screenshot(page, 'search-tout');

    // The Flashcards tab shows only flashcards, and the tab goes into the address.
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await page.waitForURL(/tab=flashcards/);
    // The address changes as the click is handled, the screen with the render after it.
    await page.getByRole('tab', { name: 'Flashcards', selected: true }).waitFor();
    expect(await results(page, 'concepts').count()).toBe(0);
    expect(await results(page, 'flashcards').getByRole('link').count()).toBe(1);

    // The button searches too; a tab with more than a page turns its own page only.
    await page.getByRole('tab', { name: 'Concepts' }).click();
    await page.getByLabel('Rechercher', { exact: true }).fill('orbite');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('Page 1 / 2').waitFor();
    expect(await results(page, 'concepts').getByRole('link').count()).toBe(10);
    searchCalls.length = 0;
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Page 2 / 2').waitFor();
    expect(await results(page, 'concepts').getByRole('link').count()).toBe(2);
    expect(searchCalls).toHaveLength(1);
    expect(searchCalls[0]).toContain('type=concepts');
    expect(searchCalls[0]).toContain('skip=10');
    await screenshot(page, 'search-concepts-page-2');

    // Reload and Back bring the searches back.
    await page.reload();
    await results(page, 'concepts').getByRole('link').first().waitFor();
    expect(await page.getByLabel('Rechercher', { exact: true }).inputValue()).toBe('orbite');
    expect(await page.getByRole('tab', { name: 'Concepts' }).getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await page.waitForURL((url) => url.search === '?q=ENERGIE&tab=concepts');
    await results(page, 'concepts').getByRole('link', { name: /Énergie/ }).waitFor();
    expect(await page.getByLabel('Rechercher', { exact: true }).inputValue()).toBe('ENERGIE');

    // Empty texts: per tab and for everything.
    await page.goto(`${stack.url}/search?q=introuvablexyz&tab=notes`);
    await page.getByText('Aucune note trouvée pour "introuvablexyz".').waitFor();
    expect(await page.getByRole('tab', { name: 'Notes' }).isDisabled()).toBe(false);
    await page.getByRole('tab', { name: 'Concepts' }).click();
    await page.getByText('Aucun concept trouvé pour "introuvablexyz".').waitFor();
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await page.getByText('Aucun flashcard trouvée pour "introuvablexyz".').waitFor();
    await page.getByRole('tab', { name: 'Tout' }).click();
    await page.getByText('Aucun résultat trouvé pour "introuvablexyz".').waitFor();
    await screenshot(page, 'search-empty');

    // A failure without a server detail shows the spec's error text.
    await page.route('**/api/search?*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByLabel('Rechercher', { exact: true }).fill('orbite');
    await page.getByLabel('Rechercher', { exact: true }).press('Enter');
    await page.getByRole('alert').getByText('Erreur lors de la recherche.').waitFor();
    await page.unroute('**/api/search?*');

    // A note block written on /daily is found too, and its result lands on the block.
    const note = (await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: '2026-03-14' } })).body;
    const block = await api(stack.url, 'POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { text: JSON.stringify(doc('Révisé la dynamo électrique ce matin.')) } });
    expect(block.status).toBe(201);
    await page.goto(`${stack.url}/search?q=electrique&tab=notes`);
    const noteLink = results(page, 'notes').getByRole('link');
    await noteLink.first().waitFor();
    expect(await noteLink.count()).toBe(1);
    expect(await noteLink.locator('mark').first().textContent()).toBe('électrique');
    await noteLink.click();
    await page.waitForURL(`${stack.url}/daily/2026-03-14#block-${block.body.id}`);
    await expect.poll(() => page.locator(`#block-${block.body.id}`).getAttribute('class'), { timeout: 10_000 }).toContain('ring-amber-400');

    // A result opens its concept.
    await page.goto(`${stack.url}/search?q=mouvement`);
    await results(page, 'concepts').getByRole('link', { name: /Mouvement/ }).click();
    await page.waitForURL(`${stack.url}/concepts/${mouvement}`);
    await page.getByRole('heading', { level: 1, name: 'Mouvement' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('opens the quick switcher with Ctrl+K on any page and goes to a concept with the arrows and Enter', async () => {
    const zoe = await createAccount(stack.url, 'switch');
    const energie = await concept(zoe, 'Énergie', 'x');
    const synergie = await concept(zoe, 'Synergie', 'Plus que la somme des ENERGIES : l’ENERGIE partagée.');
    await concept(zoe, 'Atome', 'z');
    const { context, page } = await signedInPage(zoe);
    const titleCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/concepts\/(minimal|\d+\/linked-titles)$/.test(new URL(req.url()).pathname)) titleCalls.push(new URL(req.url()).pathname);
    });
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('link', { name: 'Concepts' }).first().waitFor();

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Aller à…' });
    await dialog.waitFor();
    await page.keyboard.type('ENERG');
    // The suggestions of an earlier prefix stay listed (busy) until those for 'ENERG' arrive.
    await dialog.locator('[role="listbox"][aria-busy="false"]').waitFor();
    await dialog.getByRole('option', { name: /Énergie/ }).waitFor();
    expect(await dialog.getByRole('option', { name: /Synergie/ }).count()).toBe(0);
    // Inside a word, accents ignored: 'ergie' finds both, the last line searches everywhere.
    await dialog.getByRole('combobox').fill('ergie');
    await dialog.getByRole('option', { name: /Synergie/ }).waitFor();
    const labels = await dialog.getByRole('option').allInnerTexts();
    expect(labels.map((l) => l.split('\n')[0])).toEqual(['Énergie', 'Synergie', 'Rechercher « ergie » partout']);
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('option', { name: /Synergie/ }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'search-quick-switcher');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/concepts/${synergie}`);
    await page.getByRole('heading', { level: 1, name: 'Synergie' }).waitFor();
    // The concept page auto-links the titles its text holds, accents ignored, whole words
    // only ('ENERGIES' is not 'Énergie'), asking the server for them, not for every title.
    const autolink = page.locator('a.concept-autolink');
    await autolink.first().waitFor();
    expect(await autolink.allInnerTexts()).toEqual(['ENERGIE']);
    expect(await autolink.first().getAttribute('href')).toBe(`/concepts/${energie}`);
    expect(titleCalls).toEqual([`/api/concepts/${synergie}/linked-titles`]);
    await screenshot(page, 'search-concept-autolink');

    // From a concept page, the last line opens the full search.
    await page.keyboard.press('Control+k');
    await dialog.getByRole('combobox').fill('atome');
    await dialog.getByRole('option', { name: /Atome/ }).waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=atome/);
    await results(page, 'concepts').getByRole('link', { name: /Atome/ }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
