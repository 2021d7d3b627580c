/**
 * Study in Chromium: cards created on a concept's page, the review dialog with undo, a
 * session prepared from a constellation and answered to the end, its summary, and the
 * dashboard's counts moving.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { useBrowser, newPage, pageErrors, screenshot, signedInPage as openSignedIn } from './browser';
import { actAsNativeWebView } from './host/native-webview';
import { restoreYearOfReviews } from './review-log';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const CARDS = [
  { question: 'Où a lieu la photosynthèse ?', answer: 'Dans les chloroplastes', tags: 'biologie, cellule' },
  { question: 'Quel gaz est absorbé ?', answer: 'Le dioxyde de carbone', tags: '' },
  { question: 'Quel pigment capte la lumière ?', answer: 'La chlorophylle', tags: 'pigment' },
];

const signedInPage = async (account: Account): Promise<Page> => (await openSignedIn(browser, stack.url, account.token)).page;

async function seedConceptInConstellation(account: Account) {
  const concept = await api(stack.url, 'POST', '/api/concepts', {
    token: account.token,
    json: { title: 'Photosynthèse', content: 'La photosynthèse convertit la lumière en énergie chimique.', tag_names: [] },
  });
  expect(concept.status).toBe(201);
  const constellation = await api(stack.url, 'POST', '/api/constellations', { token: account.token, json: { name: 'Biologie', icon: '🌿' } });
  expect(constellation.status).toBe(201);
  const added = await api(stack.url, 'POST', `/api/constellations/${constellation.body.id}/concepts`, { token: account.token, json: { concept_ids: [concept.body.id] } });
  expect(added.status).toBe(200);
  return { conceptId: concept.body.id as number, constellationId: constellation.body.id as number };
}

/** The figure a dashboard metric card shows. */
async function metric(page: Page, title: string): Promise<string> {
  const value = page.getByTestId(`metric-${title}`).getByTestId('metric-value');
  await expect.poll(async () => (await value.textContent())?.trim(), { timeout: 10_000 }).not.toBe('…');
  return ((await value.textContent()) ?? '').trim();
}

describe('study in the browser', () => {
  it('creates cards on a concept, reviews them with undo, runs a session from a constellation, and the dashboard moves', async () => {
    const account = await createAccount(stack.url, 'study');
    const { conceptId, constellationId } = await seedConceptInConstellation(account);
    const page = await signedInPage(account);

    // The dashboard before any study.
    await page.goto(`${stack.url}/dashboard`);
    await page.getByText('Système Actif').waitFor();
    await page.getByRole('tab', { name: 'Activité' }).click();
    expect(await metric(page, 'Total des révisions')).toBe('0');
    await page.getByText('Aucune donnée de révision sur les 30 derniers jours.').waitFor();

    // Cards created through the concept page's 'Créer' tab.
    await page.goto(`${stack.url}/concepts/${conceptId}`);
    await page.getByRole('tab', { name: 'Réviser' }).waitFor();
    await page.getByText('Aucune flashcard disponible.').waitFor();
    await page.getByRole('tab', { name: 'Créer' }).click();
    const create = page.getByRole('button', { name: 'Créer la flashcard' });
    expect(await create.isDisabled()).toBe(true); // question and answer are required
    for (const card of CARDS) {
      await page.getByLabel('Question *').fill(card.question);
      await page.getByLabel('Réponse *').fill(card.answer);
      await page.getByLabel('Tags').fill(card.tags);
      await create.click();
      await page.getByText('Flashcard créée avec succès!').first().waitFor();
      await expect.poll(() => page.getByLabel('Question *').inputValue()).toBe('');
    }
    await screenshot(page, 'study-concept-create-tab');
    const stored = await api(stack.url, 'GET', `/api/concepts/${conceptId}/flashcards`, { token: account.token });
    expect(stored.body.map((c: { question: string }) => c.question).sort()).toEqual(CARDS.map((c) => c.question).sort());
    expect(stored.body.find((c: { question: string }) => c.question === CARDS[0]!.question).tags).toEqual(['biologie', 'cellule']);

    // The viewer wraps around and flips.
    await page.getByRole('tab', { name: 'Réviser' }).click();
    await page.getByTestId('viewer-counter').getByText('1 / 3').waitFor();
    await page.getByRole('button', { name: 'Précédent' }).click();
    expect(await page.getByTestId('viewer-counter').textContent()).toBe('3 / 3');
    const firstFace = await page.getByTestId('viewer-face').textContent();
    await page.getByTestId('viewer-face').click();
    expect(await page.getByTestId('viewer-face').textContent()).not.toBe(firstFace);
    await screenshot(page, 'study-concept-review-tab');

    // The review dialog: reveal, rate, undo brings the card back, keys finish the round.
    await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
    const firstQuestion = await dialog.getByTestId('review-question').textContent();
    await dialog.getByRole('button', { name: 'Afficher la Réponse' }).click();
    await dialog.getByTestId('review-answer').waitFor();
    // The buttons show the interval each rating gives a new card.
    expect(await dialog.getByTestId('interval-1').textContent()).toBe('1 min');
    expect(await dialog.getByTestId('interval-3').textContent()).toBe('10 min');
    await screenshot(page, 'study-review-dialog-answer');
    await dialog.getByRole('button', { name: 'Bon' }).click();
    await dialog.getByText('Carte 2 / 3').waitFor();
    expect(await dialog.getByTestId('review-answer').count()).toBe(0);
    await dialog.getByRole('button', { name: '↶ Défaire' }).click();
    await dialog.getByText('Carte 1 / 3').waitFor();
    expect(await dialog.getByTestId('review-question').textContent()).toBe(firstQuestion);
    const afterUndo = await api(stack.url, 'GET', `/api/concepts/${conceptId}/flashcards`, { token: account.token });
    expect(afterUndo.body.every((c: { reps: number }) => c.reps === 0)).toBe(true);
    for (let n = 1; n <= 3; n++) {
      await dialog.getByText(`Carte ${n} / 3`).waitFor();
      await page.keyboard.press('Space');
      await dialog.getByTestId('review-answer').waitFor();
      await page.keyboard.press('3');
    }
    await dialog.getByText('Révision terminée !').waitFor();
    await screenshot(page, 'study-review-dialog-done');
    // The concept's mastery (recall predicted 4 weeks ahead) moved from 0 % without a reload.
    await page.getByText(/^Maîtrise: [1-9]\d?%$/).first().waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    // Reopened: nothing is due any more (each card is on its 10-minute step), and the
    // cards come back only when asked to be reviewed ahead.
    await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
    await dialog.getByText('Aucune carte due pour ce concept.').waitFor();
    await dialog.getByText('3 carte(s) pas encore due(s)', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Réviser en avance' }).click();
    await dialog.getByText('Carte 1 / 3').waitFor();
    await page.keyboard.press('Escape');

    // The method carousel.
    await page.goto(`${stack.url}/study`);
    await page.getByRole('button', { name: 'Commencer Flashcards' }).waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('button', { name: 'Commencer Cornell' }).isDisabled()).toBe(false);
    // Every method is available now, Composite included.
    expect(await page.getByText('Bientôt', { exact: true }).count()).toBe(0);
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
    await screenshot(page, 'study-methods');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/study/select-concepts`);

    // Preparation: nothing selected is refused, then the constellation's concepts are added.
    await page.getByRole('heading', { name: "Préparer la session d'étude" }).waitFor();
    await page.getByRole('button', { name: 'Démarrer la session (0)' }).click();
    await page.getByText('Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.').waitFor();
    await page.getByRole('button', { name: 'Sélectionner par Constellation' }).click();
    await page.getByRole('button', { name: '+ Tout Ajouter Biologie' }).click();
    await page.getByText('1 concept(s) sélectionné(s)').waitFor();
    await page.getByRole('button', { name: '- Tout Retirer Biologie' }).click();
    await page.getByText('0 concept(s) sélectionné(s)').waitFor();
    // The ?constellation= link preselects the same concepts.
    await page.goto(`${stack.url}/study/select-concepts?constellation=${constellationId}`);
    await page.getByText('1 concept(s) sélectionné(s)').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Photosynthèse' }).isChecked()).toBe(true);
    await screenshot(page, 'study-prepare');
    // Wait: the preparation warning disappears once a concept is selected.
    expect(await page.getByText('Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.').count()).toBe(0);
    // The three cards were just answered 'Bon' in the dialog: none is due, so reviewing them is offered explicitly.
    await page.getByRole('button', { name: 'Démarrer la session (1)' }).click();
    await page.getByText('Aucune carte à réviser maintenant dans cette sélection. Vous pouvez réviser en avance.').waitFor();
    await page.getByRole('button', { name: 'Réviser en avance' }).click();
    await page.waitForURL(/\/study\/session\/\d+$/);
    const sessionId = page.url().split('/').pop();

    // The session: each button shows its interval; a lapse comes back at the end; one answer undone on the way.
    await page.getByRole('heading', { name: 'Session Flashcards' }).waitFor();
    await page.getByText('Carte 1 / 3').waitFor();
    await page.getByRole('button', { name: 'Voir la réponse' }).click();
    await page.getByTestId('session-answer').waitFor();
    const intervals = await Promise.all([1, 2, 3, 4].map((r) => page.getByTestId(`interval-${r}`).textContent()));
    expect(intervals[0]).toMatch(/^\d+ min$/);
    for (const text of intervals) expect(text).toMatch(/^\d+(,\d)? (min|h|j|mois|ans?)$/);
    await screenshot(page, 'study-session-answer');
    await page.getByRole('button', { name: /^À nouveau/ }).click();
    await page.getByText('Carte 2 / 3').waitFor();
    expect(await page.getByRole('button', { name: 'Annuler' }).count()).toBe(0);
    await page.getByRole('button', { name: '↶ Défaire' }).click();
    await page.getByText('Carte 1 / 3').waitFor();
    const sessionFirst = await page.getByTestId('session-question').textContent();
    // 'À nouveau' on the first card, 'Bon' on the two others: the first comes back, then 'Facile' passes it.
    const answers: { key: string; question?: string | null }[] = [{ key: '1' }, { key: '3' }, { key: '3' }, { key: '4', question: sessionFirst }];
    for (const [i, { key, question }] of answers.entries()) {
      await page.getByText(`Carte ${Math.min(i + 1, 3)} / 3`).waitFor();
      await page.getByRole('button', { name: 'Voir la réponse' }).waitFor();
      if (question !== undefined) expect(await page.getByTestId('session-question').textContent()).toBe(question);
      await page.keyboard.press('Space');
      await page.getByTestId('session-answer').waitFor();
      await page.keyboard.press(key);
    }

    // The summary.
    await page.waitForURL(`${stack.url}/study/summary/${sessionId}`);
    await page.getByRole('heading', { name: 'Résumé de la session' }).waitFor();
    await expect.poll(() => page.getByTestId('summary-Cartes révisées').textContent()).toBe('3 / 3');
    await expect.poll(() => page.getByTestId('summary-Note moyenne').textContent()).toBe('3.3/4');
    expect(await page.getByTestId('summary-Type').textContent()).toBe('Flashcards');
    await page.getByText('Bon travail ! Encore quelques révisions et ce sera acquis.').waitFor();
    await screenshot(page, 'study-summary');

    // The dashboard counts moved: 3 answers in the dialog and 4 in the session (the undone one does not count).
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await page.waitForURL(`${stack.url}/dashboard`);
    expect(await metric(page, 'Total des cartes')).toBe('3');
    await screenshot(page, 'study-dashboard-overview');
    await page.getByRole('button', { name: 'Informations : Total des cartes' }).click();
    await page.getByRole('dialog', { name: 'Total des cartes' }).waitFor();
    await page.getByRole('button', { name: 'Compris' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Activité' }).waitFor();
    expect(await metric(page, 'Total des révisions')).toBe('7');
    expect(await metric(page, 'Révisions (7 jours)')).toBe('7');
    await page.locator('canvas').waitFor();
    await screenshot(page, 'study-dashboard-activity');
    await page.getByRole('tab', { name: 'État Collection' }).click();
    await page.getByTestId('metric-Concepts les plus solides').getByText('Photosynthèse').waitFor();
    await screenshot(page, 'study-dashboard-collection');
    await page.getByRole('tab', { name: 'Prévisions' }).click();
    expect(await metric(page, 'Jours actifs')).toBe('1');
    expect(await metric(page, 'Série actuelle')).toBe('1 j');
    await screenshot(page, 'study-dashboard-forecast');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("reveals the answer by itself only when 'Auto-advance cards' is on, and never rates for the learner", async () => {
    const account = await createAccount(stack.url, 'auto');
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Mitochondrie' } });
    const card = await api(stack.url, 'POST', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token, json: { question: "Rôle de la mitochondrie ?", answer: "Produire l'ATP" } });
    expect(card.status).toBe(201);
    const session = await api(stack.url, 'POST', '/api/study-sessions', { token: account.token, json: { method_type: 'FLASHCARDS', concept_ids: [concept.body.id] } });
    expect(session.status).toBe(201);
    const page = await signedInPage(account);
    await page.clock.install();
    await page.goto(`${stack.url}/study/session/${session.body.id}`);
    await page.getByTestId('session-question').waitFor();
    // Off (the default): the question waits for the learner.
    await page.clock.runFor(12_000);
    expect(await page.getByTestId('session-answer').count()).toBe(0);
    expect(await page.getByTestId('auto-reveal').count()).toBe(0);

    const preferences = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body;
    expect((await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { ...preferences, auto_advance_cards: true } })).status).toBe(200);
    await page.reload();
    await page.getByText('Réponse affichée automatiquement dans 8 s').waitFor();
    await page.clock.runFor(8_500);
    await page.getByTestId('session-answer').getByText("Produire l'ATP").waitFor();
    // The rating stays the learner's: nothing was answered.
    await page.clock.runFor(10_000);
    expect((await api(stack.url, 'GET', `/api/study-sessions/${session.body.id}`, { token: account.token })).body.cards_reviewed).toBe(0);
    await screenshot(page, 'study-auto-reveal');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("optimizes the person's FSRS parameters on their review log, shows the log loss before and after, and saves them", async () => {
    const account = await createAccount(stack.url, 'optim');
    const page = await signedInPage(account);
    await page.goto(`${stack.url}/study`);
    // Too few reviews: the defaults stay, and the page says why.
    const panel = page.getByTestId('fsrs-optimizer');
    await panel.getByText('Il faut au moins 400 révisions pour optimiser vos paramètres (vous en avez 0).', { exact: false }).waitFor();
    expect(await panel.getByRole('button', { name: 'Optimiser mes paramètres' }).isDisabled()).toBe(true);

    // A year of reviews restored from a backup (600 answers). The automatic optimisation is switched off: this is the manual one.
    expect((await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { auto_optimize: false } })).status).toBe(200);
    await restoreYearOfReviews(stack.url, account);

    await page.reload();
    await panel.getByText('600 révision(s)', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Optimiser mes paramètres' }).click();
    const result = page.getByTestId('fsrs-optimizer-result');
    await result.waitFor({ timeout: 60_000 });
    const text = (await result.textContent())!;
    const [before, after] = [...text.matchAll(/(\d+,\d{4})/g)].map((m) => Number(m[1]!.replace(',', '.')));
    expect(after).toBeLessThan(before!);
    await screenshot(page, 'study-fsrs-optimizer');
    await result.getByRole('button', { name: 'Enregistrer ces paramètres' }).click();
    await page.getByText('Paramètres FSRS enregistrés : vos prochaines révisions les utilisent.').waitFor();
    const saved = await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token });
    expect(saved.body.params).toHaveLength(21);
    expect(saved.body.params).not.toEqual(saved.body.defaults);
    await panel.getByText('Vos révisions sont planifiées avec vos propres paramètres.', { exact: false }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the session and summary id messages', async () => {
    const account = await createAccount(stack.url, 'ids');
    const page = await signedInPage(account);
    await page.goto(`${stack.url}/study/session/abc`);
    await page.getByText('ID de session invalide.').waitFor();
    await page.getByRole('button', { name: "Retour au menu d'étude" }).waitFor();
    await page.goto(`${stack.url}/study/summary/abc`);
    await page.getByText('Erreur : ID de session invalide ou manquant.').waitFor();
    await page.goto(`${stack.url}/study/session/999999`);
    await page.getByText(/^Erreur lors de la récupération des informations de session: /).waitFor();
    await screenshot(page, 'study-session-error');
    await page.context().close();
  });

  it('generates candidate cards, saves only the selected ones, then reviews the due card from the FSRS box', async () => {
    const account = await createAccount(stack.url, 'ai');
    const content = [
      'La chlorophylle est un pigment vert qui capte la lumière.',
      'Le stroma est le fluide qui remplit le chloroplaste.',
      'Les thylakoïdes sont des sacs membranaires empilés en granums.',
      'Le glucose est le sucre produit par le cycle de Calvin.',
    ].join('\n\n');
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Chloroplaste', content } });
    expect(concept.status).toBe(201);
    const page = await signedInPage(account);
    await page.goto(`${stack.url}/concepts/${concept.body.id}`);
    await page.getByRole('tab', { name: 'Créer' }).click();
    const slider = page.getByLabel(/Nombre de flashcards/);
    expect(await slider.inputValue()).toBe('5');
    await slider.fill('3');
    await page.getByText('Nombre de flashcards : 3').waitFor();
    await page.getByRole('button', { name: 'Générer des flashcards' }).click();
    await page.getByText('3 flashcard(s) générée(s) avec succès !').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Flashcards générées' });
    expect(await dialog.getByRole('checkbox').count()).toBe(3);
    expect(await dialog.getByRole('checkbox', { checked: true }).count()).toBe(3);

    // None selected: saving is refused with the warning.
    await dialog.getByRole('button', { name: 'Tout désélectionner' }).click();
    await dialog.getByText('Sélectionnez au moins une flashcard pour pouvoir les créer.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Créer 0 flashcard(s)' }).isDisabled()).toBe(true);
    await screenshot(page, 'study-ai-none-selected');
    await dialog.getByRole('button', { name: 'Tout sélectionner' }).click();

    // Edit the first, remove the second, deselect the (new) second: one card is saved.
    await dialog.getByLabel('Recto (question) 1').fill('Quel pigment capte la lumière ?');
    await dialog.getByLabel('Verso (réponse) 1').fill('La chlorophylle');
    await dialog.getByRole('button', { name: 'Supprimer' }).nth(1).click();
    expect(await dialog.getByRole('checkbox').count()).toBe(2);
    await dialog.getByRole('checkbox').nth(1).uncheck();
    await screenshot(page, 'study-ai-review');
    await dialog.getByRole('button', { name: 'Créer 1 flashcard(s)' }).click();
    await page.getByText('1 flashcard(s) créée(s) avec succès !').waitFor();
    expect(await dialog.count()).toBe(0);
    // Back on the 'Réviser' tab, showing the saved card.
    expect(await page.getByRole('tab', { name: 'Réviser' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('viewer-counter').getByText('1 / 1').waitFor();
    expect(await page.getByTestId('viewer-face').textContent()).toBe('Quel pigment capte la lumière ?');
    // The shown card can be edited.
    await page.getByRole('button', { name: 'Modifier', exact: true }).last().click();
    const edit = page.getByRole('dialog', { name: 'Modifier la flashcard' });
    expect(await edit.getByLabel('Réponse *').inputValue()).toBe('La chlorophylle');
    await edit.getByLabel('Réponse *').fill('La chlorophylle (a et b)');
    await edit.getByLabel('Tags').fill('pigment, lumière');
    await edit.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Flashcard mise à jour avec succès!').waitFor();
    expect(await edit.count()).toBe(0);
    const saved = await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token });
    expect(saved.body.map((c: { question: string; answer: string; tags: string[] }) => [c.question, c.answer, c.tags])).toEqual([
      ['Quel pigment capte la lumière ?', 'La chlorophylle (a et b)', ['pigment', 'lumière']],
    ]);

    // The new card is due: the FSRS box counts it and starts a review session of it.
    await page.goto(`${stack.url}/study/select-concepts`);
    await page.getByTestId('due-count').getByText("1 carte(s) à réviser aujourd'hui").waitFor();
    await page.getByRole('button', { name: 'Commencer la révision' }).click();
    await page.waitForURL(/\/study\/session\/\d+$/);
    await page.getByText('Carte 1 / 1').waitFor();
    expect(await page.getByTestId('session-question').textContent()).toBe('Quel pigment capte la lumière ?');
    // 'Terminer' ends the session early and opens its summary.
    await page.getByRole('button', { name: 'Terminer' }).click();
    await page.waitForURL(/\/study\/summary\/\d+$/);
    expect(await page.getByTestId('summary-Cartes révisées').textContent()).toBe('0 / 1');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('lists the 50 most recently edited concepts in the study picker, and finds any other by its title', async () => {
    const account = await createAccount(stack.url, 'pick');
    for (let i = 1; i <= 55; i++) await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: `Notion ${String(i).padStart(2, '0')}` } });
    const page = await signedInPage(account);
    await page.goto(`${stack.url}/study/select-concepts`);
    await page.getByText('Les 50 concepts modifiés le plus récemment — recherchez un titre pour les autres.').waitFor();
    const picker = page.locator('.card', { has: page.getByRole('heading', { name: 'Sélectionner des concepts' }) });
    expect(await picker.getByRole('checkbox').count()).toBe(50);
    expect(await picker.getByText('Notion 55').count()).toBe(1);
    expect(await picker.getByText('Notion 01').count()).toBe(0);
    // The first concepts are older than the fifty shown: a search finds them and selects one.
    await picker.getByLabel('Rechercher un concept').fill('Notion 01');
    await picker.getByText('Notion 01').waitFor();
    await picker.getByRole('checkbox').first().check();
    await page.getByText('1 concept(s) sélectionné(s)').waitFor();
    await page.context().close();
  });

  it('shows Erreur on the dashboard cards whose statistics failed, and the server detail', async () => {
    const account = await createAccount(stack.url, 'dash');
    const page = await signedInPage(account);
    await page.route('**/api/stats/dashboard', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Base indisponible', code: 'internal' }) }));
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('alert').getByText('Base indisponible').waitFor();
    expect(await metric(page, 'Total des cartes')).toBe('Erreur');
    // The extended statistics still answer: the forecast cards show their figures.
    await page.getByRole('tab', { name: 'Prévisions' }).click();
    expect(await metric(page, 'Demain')).toBe('0');
    await screenshot(page, 'study-dashboard-error');
    // A swipe to the right goes back one tab.
    await page.getByRole('tabpanel').evaluate((panel) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: panel, clientX: x, clientY: 300 });
      panel.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(100)], changedTouches: [touch(100)] }));
      panel.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(260)] }));
    });
    expect(await page.getByRole('tab', { name: 'État Collection' }).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('in the phone web view, starting a session hands it to the host app instead', async () => {
    const account = await createAccount(stack.url, 'phone');
    const { conceptId, constellationId } = await seedConceptInConstellation(account);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      // The phone app's own web view: the study screens are its top page, never framed.
      await actAsNativeWebView(page, [account.token]);
      await page.goto(`${stack.url}/study/select-concepts?source=mobile&constellation=${constellationId}`);
      await page.getByText('1 concept(s) sélectionné(s)').waitFor();
      await page.getByRole('button', { name: 'Démarrer la session (1)' }).click();
      await expect
        .poll(async () => (await page.evaluate(() => (window as unknown as { received: { type: string }[] }).received)).find((m) => m.type === 'start-study-session'))
        .toEqual({
          type: 'start-study-session',
          selectedConcepts: [conceptId],
          studyMethod: 'flashcards',
          sessionSettings: { maxCards: 20, timeLimit: 0, includeNew: true, includeDue: true },
        });
      // The web page stays on the preparation screen: the phone runs the session.
      expect(await page.getByRole('heading', { name: "Préparer la session d'étude" }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Session Flashcards' }).count()).toBe(0);
      await screenshot(page, 'study-prepare-webview');
    } finally {
      await context.close();
    }
  });
});
