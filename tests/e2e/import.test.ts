/**
 * /import in Chromium: the three modes (Texte, Markdown, URL) through the analysis panel
 * to the new concept's page. The URL mode reads a real saved article from a loopback
 * server this file starts (the dev stack allows loopback fetches).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { ARTICLE_PATH, startPageServer, type PageServer } from '../support/page-server.mjs';
import { pageErrors, screenshot, useBrowser, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));
let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(() => pages?.close());

async function createConcept(account: Account, title: string): Promise<number> {
  const res = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title } });
  return res.body.id;
}
const getConcept = (account: Account, id: number) => api(stack.url, 'GET', `/api/concepts/${id}`, { token: account.token }).then((r) => r.body);

const chip = (page: Page, title: string) => page.getByRole('list', { name: 'Concepts existants détectés' }).getByRole('button', { name: title });

async function openImport(page: Page) {
  await page.goto(`${stack.url}/import`);
  await page.getByRole('heading', { level: 1, name: 'Importer du contenu' }).waitFor();
}

async function analyse(page: Page) {
  await page.getByRole('button', { name: 'Analyser le contenu' }).click();
  await page.getByRole('region', { name: 'Analyse du contenu' }).waitFor();
}

/** Creates the concept from the panel; returns the id of the concept page that opens. */
async function createFromPanel(page: Page, title: string): Promise<number> {
  await page.getByRole('button', { name: 'Créer le concept', exact: true }).click();
  await page.waitForURL(/\/concepts\/\d+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('import in Chromium', () => {
  it('imports text, Markdown and a web page as linked concepts', async () => {
    const account = await createAccount(stack.url, 'imp');
    const photo = await createConcept(account, 'Photosynthèse');
    const chloro = await createConcept(account, 'Chlorophylle');
    const conseil = await createConcept(account, 'Conseil constitutionnel');
    const { context, page } = await signedInPage(browser, stack.url, account.token);

    // Texte: the spec's messages for what is missing, then the analysis panel.
    await openImport(page);
    await page.getByRole('button', { name: 'Analyser le contenu' }).click();
    await page.getByRole('alert').getByText('Le titre est requis').waitFor();
    await page.getByLabel('Titre *').fill('Lumière et feuilles');
    await page.getByRole('button', { name: 'Analyser le contenu' }).click();
    await page.getByRole('alert').getByText('Le contenu est requis').waitFor();
    await page.getByLabel('Contenu *').fill("La PHOTOSYNTHESE a besoin de l'eau et de la chlorophylle.\n\nUn second paragraphe.");
    await analyse(page);
    expect(await chip(page, 'Photosynthèse').getAttribute('aria-pressed')).toBe('true');
    expect(await chip(page, 'Chlorophylle').getAttribute('aria-pressed')).toBe('true');
    await chip(page, 'Chlorophylle').click();
    expect(await chip(page, 'Chlorophylle').getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'import-text-analysis');
    const textId = await createFromPanel(page, 'Lumière et feuilles');
    await page.getByText('Un second paragraphe.').waitFor();
    const textConcept = await getConcept(account, textId);
    expect(textConcept.linked_concept_ids).toEqual([photo]);
    expect(textConcept.source).toBe('MANUAL');
    expect(textConcept.content.content.map((n: any) => n.type)).toEqual(['paragraph', 'paragraph']);

    // Markdown: a suggested concept created in one click joins the concepts to link.
    await openImport(page);
    await page.getByRole('radio', { name: 'Markdown' }).click();
    await page.getByLabel('Titre *').fill('Cycle de Calvin');
    await page.getByLabel('Contenu *').fill('# Fixation du carbone\n\nLe **Rubisco** agit après la photosynthèse.\n\n- [x] relire\n- [ ] résumer\n\n| Étape | Lieu |\n|---|---|\n| Fixation | Stroma |');
    await page.getByLabel('Catégorie').fill('Biologie');
    await page.getByLabel('Tags (séparés par des virgules)').fill('plantes, chimie');
    await analyse(page);
    const suggestions = page.getByRole('list', { name: 'Nouveaux concepts potentiels' });
    await suggestions.getByText('Rubisco').waitFor();
    await page.getByRole('button', { name: 'Créer « Rubisco »' }).click();
    await chip(page, 'Rubisco').waitFor();
    expect(await chip(page, 'Rubisco').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'import-markdown-analysis');
    // Retour keeps what was typed.
    await page.getByRole('button', { name: 'Retour' }).click();
    expect(await page.getByLabel('Titre *').inputValue()).toBe('Cycle de Calvin');
    await analyse(page);
    const rubisco = await chip(page, 'Rubisco').isVisible();
    expect(rubisco).toBe(true);
    const markdownId = await createFromPanel(page, 'Cycle de Calvin');
    await page.getByRole('heading', { name: 'Fixation du carbone' }).waitFor();
    await page.getByRole('cell', { name: 'Stroma' }).waitFor();
    await screenshot(page, 'import-markdown-concept');
    const markdownConcept = await getConcept(account, markdownId);
    expect(markdownConcept.category).toBe('Biologie');
    expect(markdownConcept.tags.map((t: any) => t.name)).toEqual(['chimie', 'plantes']);
    const linkedTitles = await Promise.all(markdownConcept.linked_concept_ids.map((id: number) => getConcept(account, id).then((c) => c.title)));
    expect(linkedTitles.sort()).toEqual(['Photosynthèse', 'Rubisco']);

    // URL: the page's own error for a page that is not HTML, then the saved article.
    await openImport(page);
    await page.getByRole('radio', { name: 'URL' }).click();
    await page.getByLabel('Titre *').fill('Loi sur le renseignement');
    await page.getByRole('button', { name: 'Analyser le contenu' }).click();
    await page.getByRole('alert').getByText("L'URL est requise").waitFor();
    await page.getByLabel('URL *').fill(`${pages.origin}/pdf`);
    await page.getByRole('button', { name: 'Analyser le contenu' }).click();
    await page.getByRole('alert').getByText('Cette adresse ne renvoie pas une page HTML.').waitFor();
    await screenshot(page, 'import-url-error');
    await page.getByLabel('URL *').fill(`${pages.origin}${ARTICLE_PATH}`);
    await analyse(page);
    await chip(page, 'Conseil constitutionnel').waitFor();
    await screenshot(page, 'import-url-analysis');
    const urlId = await createFromPanel(page, 'Loi sur le renseignement');
    await page.getByText('Les députés ont, sans surprise').first().waitFor();
    await screenshot(page, 'import-url-concept');
    const urlConcept = await getConcept(account, urlId);
    expect(urlConcept).toMatchObject({ source: 'WEB', source_url: `${pages.origin}${ARTICLE_PATH}`, linked_concept_ids: [conseil] });
    expect(chloro).toBeGreaterThan(0);

    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
