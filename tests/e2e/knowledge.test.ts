/**
 * The knowledge base in Chromium, driven like a person would: constellations, concepts
 * with tags, the list's filters, wiki links becoming backlinks and auto-links with their
 * hover preview, the hierarchy explorer, editing and deleting; then the constellation
 * page, the tag page, quick creation and the small-screen filter drawer.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { useBrowser, newPage, pageErrors, screenshot, signedInPage as openSignedIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const signedInPage = (account: Account, opts: { width?: number; height?: number } = {}) => openSignedIn(browser, stack.url, account.token, opts);

/** Fills the concept form and saves it; returns the id of the concept the page then opens. */
async function createConceptThroughForm(page: Page, fields: { title: string; content: string; tags: string; constellation?: string; linksTo?: number; contentAfterLink?: string }): Promise<number> {
  await page.goto(`${stack.url}/concepts/new`);
  await page.getByRole('heading', { name: 'Nouveau concept' }).waitFor();
  await page.getByLabel('Titre *').fill(fields.title);
  await page.getByLabel('Contenu', { exact: true }).click();
  await page.keyboard.type(fields.content);
  // A typed [[Title]] becomes a concept link once the editor has found the concept.
  if (fields.linksTo) await page.getByLabel('Contenu', { exact: true }).locator(`a[href="/concepts/${fields.linksTo}"]`).waitFor();
  if (fields.contentAfterLink) await page.keyboard.type(fields.contentAfterLink);
  await page.getByLabel('Tags (séparés par des virgules)').fill(fields.tags);
  if (fields.constellation) await page.getByRole('checkbox', { name: fields.constellation }).check();
  await page.getByRole('button', { name: 'Ajouter le concept' }).click();
  await page.getByText('Concept ajouté avec succès!').waitFor();
  // The form is cleared, then the new concept opens.
  expect(await page.getByLabel('Titre *').inputValue()).toBe('');
  await page.waitForURL(/\/concepts\/\d+$/);
  await page.getByRole('heading', { level: 1, name: fields.title }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The card of a concept in a list or grid. */
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('knowledge base in Chromium', () => {
  it('creates, links, filters, walks the hierarchy, edits and deletes concepts', async () => {
    const account = await createAccount(stack.url, 'kb');
    const { context, page } = await signedInPage(account);

    // A constellation, through the manager's dialog.
    await page.goto(`${stack.url}/constellation-manager`);
    await page.getByText('Aucune constellation trouvée').waitFor();
    await page.getByRole('button', { name: 'Nouvelle constellation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle constellation' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Le nom de la constellation est obligatoire.').waitFor();
    await dialog.getByLabel('Nom *').fill('Botanique');
    await dialog.getByLabel('Description').fill('Les plantes et leur chimie');
    await dialog.getByLabel('Icône').fill('🌿🌿🌿🌿🌿🌿');
    await dialog.getByText("L'icône ne peut pas dépasser 5 caractères.").waitFor();
    await dialog.getByLabel('Icône').fill('🌿');
    await dialog.getByLabel('Code hexadécimal').fill('#2e7d32');
    await screenshot(page, 'knowledge-constellation-dialog');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await card(page, 'Botanique').waitFor();
    expect(await card(page, 'Botanique').getByText('0 concept(s)').isVisible()).toBe(true);
    await screenshot(page, 'knowledge-constellation-manager');

    // The form refuses a blank title without calling the server.
    await page.goto(`${stack.url}/concepts/new`);
    await page.getByLabel('Titre *').focus();
    await page.getByLabel('Titre *').blur();
    await page.getByText('Le titre est obligatoire.').waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter le concept' }).isDisabled()).toBe(true);

    // Two concepts: the first in the constellation; the second points to the first with [[...]].
    const photoId = await createConceptThroughForm(page, {
      title: 'Photosynthèse',
      content: 'La lumière devient énergie chimique grâce à la chlorophylle des feuilles.',
      tags: 'biologie, plantes',
      constellation: 'Botanique',
    });
    await page.getByRole('link', { name: '#plantes' }).waitFor();
    await page.getByRole('link', { name: 'Botanique' }).waitFor();
    await screenshot(page, 'knowledge-concept-detail-new');
    const chloroId = await createConceptThroughForm(page, {
      title: 'Chlorophylle',
      content: 'Pigment vert qui rend possible la [[Photosynthèse]]',
      contentAfterLink: ' chez les plantes.',
      tags: 'biologie',
      linksTo: photoId,
    });

    // Both in the list, with their chips.
    await page.goto(`${stack.url}/concepts`);
    await page.getByText('2 concept(s) affiché(s)').waitFor();
    await page.getByText('Plus de concepts à charger.').waitFor();
    const photoCard = card(page, 'Photosynthèse');
    expect(await photoCard.getByRole('link', { name: '#plantes' }).getAttribute('href')).toBe('/tags/plantes');
    expect(await photoCard.getByRole('link', { name: 'Botanique' }).getAttribute('href')).toMatch(/^\/constellations\/\d+\/concepts$/);
    expect(await photoCard.getByRole('meter', { name: 'Maîtrise: 0%' }).count()).toBe(1);
    expect(await card(page, 'Chlorophylle').getByRole('link', { name: '#biologie' }).isVisible()).toBe(true);
    await screenshot(page, 'knowledge-concepts-list');

    // Filters: tag, then constellation, then title; the list view toggle.
    await page.getByLabel('Tag', { exact: true }).selectOption('plantes');
    await card(page, 'Chlorophylle').waitFor({ state: 'detached' });
    await page.getByText('1 concept(s) affiché(s)').waitFor();
    await page.getByLabel('Tag', { exact: true }).selectOption('');
    await page.getByText('2 concept(s) affiché(s)').waitFor();
    await page.getByLabel('Constellation', { exact: true }).selectOption({ label: '🌿 Botanique' });
    await card(page, 'Chlorophylle').waitFor({ state: 'detached' });
    await page.getByText('1 concept(s) affiché(s)').waitFor();
    expect(await card(page, 'Photosynthèse').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Liste' }).click();
    await screenshot(page, 'knowledge-concepts-filtered-list');
    await page.getByLabel('Constellation', { exact: true }).selectOption('');
    await page.getByLabel('Filtrer par titre').fill('chloro');
    await card(page, 'Chlorophylle').waitFor();
    await card(page, 'Photosynthèse').waitFor({ state: 'detached' });
    await page.getByText('1 concept(s) affiché(s)').waitFor();
    await page.getByLabel('Filtrer par titre').fill('zzz-nothing');
    await page.getByText('Aucun concept trouvé.').waitFor();

    // The [[link]] is a backlink on Photosynthèse, whose own text auto-links 'chlorophylle'.
    await page.goto(`${stack.url}/concepts/${photoId}`);
    const mentions = page.getByRole('region', { name: 'Mentions' });
    await mentions.getByRole('link', { name: 'Chlorophylle' }).waitFor();
    await mentions.getByText("Ce concept n'est mentionné dans aucune note quotidienne.").waitFor();
    const content = page.getByTestId('concept-content');
    const autoLink = content.locator(`a[href="/concepts/${chloroId}"]`);
    await autoLink.waitFor();
    expect(await autoLink.textContent()).toBe('chlorophylle');
    // The current concept's own title is never linked.
    await autoLink.hover();
    const preview = page.getByRole('tooltip', { name: 'Aperçu du concept' });
    await preview.getByRole('heading', { name: 'Chlorophylle' }).waitFor();
    await preview.getByText('Pigment vert qui rend possible').waitFor();
    await preview.getByRole('button', { name: 'Voir Concept' }).waitFor();
    await screenshot(page, 'knowledge-hover-preview');
    // A click on the link opens the concept inside the app.
    await autoLink.click();
    await page.waitForURL(`${stack.url}/concepts/${chloroId}`);
    const linkBack = page.getByTestId('concept-content').locator(`a[href="/concepts/${photoId}"]`);
    await linkBack.waitFor();
    expect(await page.getByTestId('concept-content').locator(`a[href="/concepts/${chloroId}"]`).count()).toBe(0);
    await page.getByRole('region', { name: 'Mentions' }).getByText('Aucun autre concept ne pointe vers celui-ci directement.').waitFor();
    await screenshot(page, 'knowledge-concept-detail');

    // Edit: Photosynthèse becomes the parent of Chlorophylle.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.waitForURL(`${stack.url}/concepts/${chloroId}/edit`);
    await page.getByRole('heading', { name: 'Modifier le concept' }).waitFor();
    expect(await page.getByLabel('Titre *').inputValue()).toBe('Chlorophylle');
    expect(await page.getByLabel('Tags (séparés par des virgules)').inputValue()).toBe('biologie');
    await page.getByLabel('Parents (prérequis)').fill('Chloro');
    await page.getByText('Aucun concept trouvé').waitFor(); // the edited concept is left out
    await page.getByLabel('Parents (prérequis)').fill('Photo');
    await page.getByRole('listbox', { name: 'Résultats pour Parents (prérequis)' }).getByRole('button', { name: 'Photosynthèse' }).click();
    await page.getByLabel('Tags (séparés par des virgules)').fill('biologie, pigment');
    await page.getByLabel('Notes personnelles').fill('À revoir avant l’examen.');
    await screenshot(page, 'knowledge-concept-form-edit');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Concept mis à jour avec succès!').waitFor();
    await page.waitForURL(`${stack.url}/concepts/${chloroId}`);
    await page.getByRole('link', { name: '#pigment' }).waitFor();
    await page.getByText('À revoir avant l’examen.').waitFor();
    expect(await page.getByRole('region', { name: 'Métadonnées' }).getByRole('link', { name: 'Photosynthèse' }).isVisible()).toBe(true);

    // The hierarchy explorer: Photosynthèse is a root, Chlorophylle its child.
    await page.goto(`${stack.url}/explore-hierarchy`);
    const rootTile = page.getByTestId('hierarchy-tile').filter({ hasText: 'Photosynthèse' });
    await rootTile.waitFor();
    expect(await page.getByTestId('hierarchy-tile').filter({ hasText: 'Chlorophylle' }).count()).toBe(0);
    await screenshot(page, 'knowledge-hierarchy-roots');
    await rootTile.click();
    await page.waitForURL(`${stack.url}/explore-hierarchy/${photoId}`);
    const crumbs = page.getByRole('navigation', { name: "Fil d'Ariane" });
    await crumbs.getByText('Enfants').waitFor();
    expect(await crumbs.getByRole('link', { name: 'Racines' }).isVisible()).toBe(true);
    const childTile = page.getByTestId('hierarchy-tile').filter({ hasText: 'Chlorophylle' });
    await childTile.waitFor();
    await screenshot(page, 'knowledge-hierarchy-children');
    await page.getByRole('button', { name: 'Mode Déplacement' }).click();
    await page.getByRole('button', { name: 'Mode Normal' }).waitFor();
    const box = (await childTile.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 25);
    await page.mouse.down();
    await page.mouse.move(box.x + 230, box.y + 145, { steps: 8 });
    await page.mouse.up();
    const moved = (await childTile.boundingBox())!;
    expect(Math.round(moved.x - box.x)).toBe(200);
    expect(Math.round(moved.y - box.y)).toBe(120);
    expect(page.url()).toBe(`${stack.url}/explore-hierarchy/${photoId}`); // dragging does not navigate
    await screenshot(page, 'knowledge-hierarchy-move');
    await page.getByRole('button', { name: 'Mode Normal' }).click();
    await childTile.click();
    await page.waitForURL(`${stack.url}/explore-hierarchy/${chloroId}`);
    await page.getByText('Aucun concept enfant trouvé').waitFor();
    await crumbs.getByRole('link', { name: 'Photosynthèse' }).waitFor();
    await page.getByRole('button', { name: 'Voir le concept parent' }).click();
    await page.waitForURL(`${stack.url}/explore-hierarchy/${photoId}`);

    // A refused save (a concept cannot become its own ancestor) shows the server's reason and keeps the form.
    await page.goto(`${stack.url}/concepts/${photoId}/edit`);
    await page.getByLabel('Parents (prérequis)').fill('Chloro');
    await page.getByRole('listbox', { name: 'Résultats pour Parents (prérequis)' }).getByRole('button', { name: 'Chlorophylle' }).click();
    await page.getByLabel('Titre *').fill('Photosynthèse (brouillon)');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByRole('alert').filter({ hasText: 'Un concept ne peut pas être son propre ancêtre.' }).waitFor();
    expect(await page.getByLabel('Titre *').inputValue()).toBe('Photosynthèse (brouillon)');
    expect(await page.getByRole('list', { name: 'Parents (prérequis) choisis' }).getByText('Chlorophylle').isVisible()).toBe(true);
    expect(page.url()).toBe(`${stack.url}/concepts/${photoId}/edit`);
    await screenshot(page, 'knowledge-concept-form-refused');

    // Delete Chlorophylle: confirmation, toast, home; the list no longer shows it.
    await page.goto(`${stack.url}/concepts/${chloroId}`);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer le concept' });
    await confirm.getByText('Êtes-vous sûr de vouloir supprimer ce concept ? Cette action est irréversible.').waitFor();
    await screenshot(page, 'knowledge-delete-confirm');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Concept supprimé avec succès !').waitFor();
    await page.waitForURL(`${stack.url}/dashboard`);
    await page.goto(`${stack.url}/concepts`);
    await page.getByText('1 concept(s) affiché(s)').waitFor();
    expect(await card(page, 'Chlorophylle').count()).toBe(0);
    expect(await card(page, 'Photosynthèse').isVisible()).toBe(true);
    await page.goto(`${stack.url}/concepts/${chloroId}`);
    await page.getByText('Concept non trouvé.').waitFor();
    await page.goto(`${stack.url}/concepts/abc`);
    await page.getByText('ID de concept invalide.').waitFor();

    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('manages a constellation page, the tag page, quick creation and the small-screen filters', async () => {
    const account = await createAccount(stack.url, 'kb2');
    const post = (path: string, json: unknown) => api(stack.url, 'POST', path, { token: account.token, json });
    const constellation = (await post('/api/constellations', { name: 'Astronomie', description: 'Le ciel', icon: '🔭', color: '#1e88e5' })).body;
    const titles = ['Étoile', 'Galaxie', 'Nébuleuse', 'Comète', 'Planète', 'Satellite', 'Astéroïde', 'Trou noir', 'Quasar', 'Pulsar', 'Supernova', 'Orbite'];
    const ids: number[] = [];
    for (const title of titles) {
      const res = await post('/api/concepts', { title, content: `${title} : un objet du ciel.`, tag_names: ['ciel', title === 'Comète' ? 'glace' : 'astre'] });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await post(`/api/constellations/${constellation.id}/concepts`, { concept_ids: ids.slice(0, 11) });
    const { context, page } = await signedInPage(account);

    // Constellation page: 11 concepts, 10 a page, sorted by title.
    await page.goto(`${stack.url}/constellations/${constellation.id}/concepts`);
    await page.getByRole('heading', { level: 1, name: 'Astronomie' }).waitFor();
    await page.getByText('Page 1 / 2').waitFor();
    expect(await page.getByRole('article').count()).toBe(10);
    expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe('Astéroïde');
    await screenshot(page, 'knowledge-constellation-detail');
    await page.getByRole('button', { name: 'Ordre : Croissant' }).click();
    await page.getByRole('button', { name: 'Ordre : Décroissant' }).waitFor();
    await page.waitForFunction(() => document.querySelector('article')?.getAttribute('aria-label') !== 'Astéroïde');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Page 2 / 2').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe('Astéroïde'); // first ascending, last descending
    expect(await page.getByRole('link', { name: 'Réviser la constellation' }).getAttribute('href')).toBe(`/study/select-concepts?constellation=${constellation.id}`);

    // Add the one concept left out, through the dialog's suggestions.
    await page.getByRole('button', { name: 'Ajouter des concepts' }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter des concepts' });
    await add.getByRole('checkbox', { name: 'Orbite' }).check();
    expect(await add.getByRole('checkbox').count()).toBe(1); // members are not suggested
    await screenshot(page, 'knowledge-add-concepts');
    await add.getByRole('button', { name: 'Ajouter (1)' }).click();
    await page.getByText('12 concept(s)', { exact: true }).waitFor();

    // Remove one, after confirmation.
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('button', { name: 'Retirer Trou noir de la constellation' }).click();
    await page.getByRole('dialog', { name: 'Retirer le concept' }).getByRole('button', { name: 'Retirer' }).click();
    await page.getByText('11 concept(s)', { exact: true }).waitFor();
    expect(await page.getByRole('article', { name: 'Trou noir' }).count()).toBe(0);

    // The manager: edit through the card menu, delete keeps the concepts.
    await page.goto(`${stack.url}/constellation-manager`);
    await page.getByRole('button', { name: 'Options de Astronomie' }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier la constellation' });
    expect(await edit.getByLabel('Nom *').inputValue()).toBe('Astronomie');
    await edit.getByLabel('Code hexadécimal').fill('#12');
    await edit.getByText('La couleur doit être au format #RRGGBB.').waitFor();
    await edit.getByLabel('Code hexadécimal').fill('#ff8800');
    await edit.getByLabel('Nom *').fill('Astronomie du ciel profond');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('article', { name: 'Astronomie du ciel profond' }).waitFor();
    await page.getByRole('button', { name: 'Options de Astronomie du ciel profond' }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const del = page.getByRole('dialog', { name: 'Supprimer la constellation' });
    await del.getByText("Supprimer la constellation « Astronomie du ciel profond » ? Les concepts qu'elle contient sont conservés.").waitFor();
    await del.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Aucune constellation trouvée').waitFor();
    await page.goto(`${stack.url}/constellations/${constellation.id}/concepts`);
    await page.getByText('Constellation not found. It may have been deleted.').waitFor();
    await page.goto(`${stack.url}/constellations/x/concepts`);
    await page.getByText('Invalid Constellation ID.').waitFor();

    // Tag page: all concepts of the tag, the tag highlighted.
    await page.goto(`${stack.url}/concepts`);
    await page.getByText('12 concept(s) affiché(s)').waitFor();
    await card(page, 'Comète').getByRole('link', { name: '#glace' }).click();
    await page.waitForURL(`${stack.url}/tags/glace`);
    await page.getByRole('heading', { name: 'Concepts marqués avec #glace' }).waitFor();
    await card(page, 'Comète').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await card(page, 'Comète').getByRole('link', { name: '#glace' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${stack.url}/tags/${encodeURIComponent('ciel')}`);
    await page.waitForFunction(() => document.querySelectorAll('article').length === 12);
    await screenshot(page, 'knowledge-tag-page');
    await page.goto(`${stack.url}/tag/inconnu`);
    await page.getByText('Aucun concept trouvé pour ce tag.').waitFor();

    // Quick creation from the concepts page.
    await page.goto(`${stack.url}/concepts`);
    await page.getByRole('button', { name: 'Création rapide' }).click();
    const quick = page.getByRole('dialog', { name: 'Create New Concept' });
    expect(await quick.getByRole('button', { name: 'Create Concept' }).isDisabled()).toBe(true);
    await quick.getByLabel('Concept Title *').fill('Lune');
    await quick.getByLabel('Content / Description').fill('Satellite naturel.\nElle a des phases.');
    await quick.getByLabel('Tags').fill('ciel, , satellite ');
    await screenshot(page, 'knowledge-quick-create');
    await quick.getByRole('button', { name: 'Create Concept' }).click();
    await page.getByText('13 concept(s) affiché(s)').waitFor();
    expect(await card(page, 'Lune').getByRole('link', { name: '#satellite' }).isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    // Small screens: the filters live in the 'Filtres et Options' drawer.
    const phone = await signedInPage(account, { width: 390, height: 844 });
    await phone.page.goto(`${stack.url}/concepts`);
    await phone.page.getByText('13 concept(s) affiché(s)').waitFor();
    await phone.page.getByRole('button', { name: 'Filtres et Options' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'Filtres et Options' });
    await drawer.getByLabel('Tag', { exact: true }).selectOption('glace');
    await screenshot(phone.page, 'knowledge-filters-drawer');
    await drawer.getByRole('button', { name: 'Appliquer les filtres' }).click();
    await phone.page.getByText('1 concept(s) affiché(s)').waitFor();
    await screenshot(phone.page, 'knowledge-concepts-phone');
    await phone.context.close();
  });

  it("auto-links other concepts' titles (whole words, longest first, any case, never itself), folds long backlink lists, and shows a [[Title]] as a link", async () => {
    const account = await createAccount(stack.url, 'kb4');
    const make = async (title: string, text: string | null = null) =>
      (await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title, content: text } })).body.id as number;
    const star = await make('Étoile');
    const blackHole = await make('Trou noir');
    const black = await make('Noir');
    const page1 = await make('Observation', "Une ÉTOILE près d'un trou noir ; des étoiles filantes ; un ciel noir. Observation du soir.");
    const { context, page } = await signedInPage(account);
    await page.goto(`${stack.url}/concepts/${page1}`);
    const content = page.getByTestId('concept-content');
    await content.locator('a.concept-autolink').first().waitFor();
    const links = await content.locator('a.concept-autolink').evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('href')]));
    expect(links).toEqual([
      ['ÉTOILE', `/concepts/${star}`],
      ['trou noir', `/concepts/${blackHole}`],
      ['noir', `/concepts/${black}`],
    ]);

    // Six concepts point to Étoile: five backlinks shown, then the toggle.
    for (let i = 1; i <= 6; i += 1) await make(`Constellation ${i}`, `Faite de plus d'une [[Étoile]].`);
    await page.goto(`${stack.url}/concepts/${star}`);
    const mentions = page.getByRole('region', { name: 'Mentions' });
    await mentions.getByRole('button', { name: 'Voir 1 de plus...' }).waitFor();
    expect(await mentions.getByRole('link', { name: /^Constellation \d$/ }).count()).toBe(5);
    await mentions.getByRole('button', { name: 'Voir 1 de plus...' }).click();
    expect(await mentions.getByRole('link', { name: /^Constellation \d$/ }).count()).toBe(6);
    await mentions.getByRole('button', { name: 'Voir moins' }).click();
    expect(await mentions.getByRole('link', { name: /^Constellation \d$/ }).count()).toBe(5);

    // A [[Title]] written through the API is stored as typing it stores it: a link to the concept, without brackets.
    await mentions.getByRole('link', { name: 'Constellation 1' }).click();
    const linked = page.getByTestId('concept-content').getByRole('link', { name: 'Étoile' });
    await linked.waitFor();
    expect(await linked.getAttribute('href')).toBe(`/concepts/${star}`);
    expect(await page.getByTestId('concept-content').innerText()).toBe("Faite de plus d'une Étoile.");
    await context.close();
  });

  it('loads the list 20 at a time as the page scrolls', async () => {
    const account = await createAccount(stack.url, 'kb3');
    for (let i = 1; i <= 45; i += 1) {
      await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: `Concept ${String(i).padStart(2, '0')}` } });
    }
    const { context, page } = await signedInPage(account);
    await page.goto(`${stack.url}/concepts`);
    await page.getByText('20 concept(s) affiché(s)').waitFor();
    await page.mouse.wheel(0, 20_000);
    await page.getByText('40 concept(s) affiché(s)').waitFor();
    await page.mouse.wheel(0, 20_000);
    await page.getByText('45 concept(s) affiché(s)').waitFor();
    await page.getByText('Plus de concepts à charger.').waitFor();
    // Default order: last changed first.
    expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe('Concept 45');
    await context.close();
  });
});
