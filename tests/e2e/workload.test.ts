/**
 * The workload tools on screen: the Study tab's Workload section (load balancing,
 * easy days, bury siblings, leeches, review order) saved and acting — a session whose
 * sibling card is buried once one is answered, a card that becomes a leech at the chosen
 * threshold and shows in the dashboard's 'Sangsues' list, rewritten and reactivated there.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { a11yViolations } from './axe';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

async function conceptWithCards(account: Account, title: string, cards: [string, string][]): Promise<{ conceptId: number; cardIds: number[] }> {
  const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title } });
  expect(concept.status).toBe(201);
  const cardIds: number[] = [];
  for (const [question, answer] of cards) {
    const card = await api(stack.url, 'POST', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token, json: { question, answer } });
    expect(card.status).toBe(201);
    cardIds.push(card.body.id);
  }
  return { conceptId: concept.body.id, cardIds };
}

/** axe (WCAG 2.2 AA) and the icon-button names on what the page shows, with motion reduced as the accessibility pass runs it. */
async function expectAccessible(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await a11yViolations(page.mainFrame())).toEqual([]);
}

async function openStudyTab(page: Page) {
  await page.goto(`${stack.url}/settings?tab=study`);
  await page.getByRole('heading', { name: 'Workload' }).waitFor();
}

describe('workload preferences', () => {
  it('edits every workload preference in the Study tab, each saying what it does, and saves them', async () => {
    const account = await createAccount(stack.url, 'wkset');
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await openStudyTab(page);
    const effect = page.getByTestId('easy-days-effect');
    expect(await effect.textContent()).toBe('Every day takes its normal share of reviews.');
    await page.getByLabel('Saturday').selectOption('reduced');
    await page.getByLabel('Sunday').selectOption('minimum');
    await effect.getByText('Fewer reviews on Saturday (reduced), Sunday (minimum).').waitFor();
    // Easy days act through balancing: with it off they are greyed out and say so.
    await page.getByRole('switch', { name: 'Load balancing' }).click();
    await effect.getByText('Easy days apply only with load balancing on.').waitFor();
    expect(await page.getByLabel('Saturday').isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Load balancing' }).click();
    await page.getByRole('switch', { name: 'Bury siblings' }).click();
    await page.getByLabel('Leech threshold (lapses)').fill('0');
    await page.getByText('Must be a whole number from 1 to 99 lapses').waitFor();
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await page.getByLabel('Leech threshold (lapses)').fill('4');
    await page.getByText("A card forgotten 4 times is tagged 'sangsue' and listed on the dashboard.").waitFor();
    await page.getByLabel('Leech action').selectOption('tag');
    await page.getByText('A leech stays in your reviews, tagged.').waitFor();
    await page.getByLabel('Review order').selectOption('retrievability');
    await screenshot(page, 'workload-settings');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Preferences saved successfully!').waitFor();
    const saved = await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token });
    expect(saved.body).toMatchObject({
      load_balancing: true,
      easy_days: ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum'],
      bury_siblings: true,
      leech_threshold: 4,
      leech_action: 'tag',
      review_order: 'retrievability',
    });
    // A reload shows what was saved.
    await page.reload();
    await page.getByRole('heading', { name: 'Workload' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Bury siblings' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Saturday').inputValue()).toBe('reduced');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    const phone = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    await openStudyTab(phone.page);
    await screenshot(phone.page, 'workload-settings-phone');
    await expectAccessible(phone.page);
    await phone.context.close();
  });

  it('buries the sibling of an answered card once Bury siblings is switched on: the session ends after one card', async () => {
    const account = await createAccount(stack.url, 'wkbury');
    const { conceptId } = await conceptWithCards(account, 'Vocabulaire anglais', [
      ['chat → ?', 'cat'],
      ['? → cat', 'chat'],
    ]);
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await openStudyTab(page);
    await page.getByRole('switch', { name: 'Bury siblings' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Preferences saved successfully!').waitFor();

    const session = await api(stack.url, 'POST', '/api/study-sessions', { token: account.token, json: { method_type: 'FLASHCARDS', concept_ids: [conceptId] } });
    expect(session.body.total_cards).toBe(2);
    await page.goto(`${stack.url}/study/session/${session.body.id}`);
    await page.getByTestId('session-question').waitFor();
    await page.getByRole('button', { name: 'Voir la réponse' }).click();
    await page.getByRole('button', { name: /^Facile/ }).click();
    // The other card of the concept waits until tomorrow: nothing is left today.
    await page.waitForURL(`**/study/summary/${session.body.id}`, { timeout: 30_000 });
    const cards = (await api(stack.url, 'GET', `/api/concepts/${conceptId}/flashcards`, { token: account.token })).body as { buried_until: string | null; reps: number }[];
    expect(cards.filter((c) => c.reps === 0).map((c) => c.buried_until !== null)).toEqual([true]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("lists a leech under 'Sangsues' on the dashboard, rewrites it and reactivates it in one click", async () => {
    const account = await createAccount(stack.url, 'wkleech');
    const { cardIds } = await conceptWithCards(account, 'Histoire', [['Date du traité de Verdun ?', '843']]);
    const current = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body;
    expect((await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { ...current, leech_threshold: 1 } })).status).toBe(200);
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('leeches').getByText('Aucune sangsue : aucune carte n’est oubliée à répétition.').waitFor();

    // Learnt (Facile), then forgotten once: with a threshold of 1 lapse it is a leech, suspended.
    const card = cardIds[0]!;
    expect((await api(stack.url, 'POST', `/api/flashcards/${card}/review`, { token: account.token, json: { rating: 4 } })).status).toBe(200);
    const lapsed = await api(stack.url, 'POST', `/api/flashcards/${card}/review`, { token: account.token, json: { rating: 1 } });
    expect(lapsed.body.flashcard).toMatchObject({ lapses: 1, suspended: true, tags: ['sangsue'] });

    await page.reload();
    const list = page.getByTestId('leeches');
    const row = list.getByTestId('leech');
    await row.getByText('Date du traité de Verdun ?').waitFor();
    expect(await row.textContent()).toContain('Histoire · 1 oubli · suspendue');
    await screenshot(page, 'workload-leeches');
    await expectAccessible(page);

    // The card's form comes with the first rewrite, not with the dashboard's code.
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    expect((await scripts()).filter((u) => /EditCardDialog/.test(u))).toEqual([]);
    await row.getByRole('button', { name: /^Réécrire/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier la flashcard' });
    await dialog.getByLabel('Question *').fill('En quelle année le traité de Verdun partage-t-il l’empire carolingien ?');
    await dialog.getByRole('button', { name: 'Mettre à jour' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('En quelle année le traité de Verdun partage-t-il l’empire carolingien ?').waitFor();

    await row.getByRole('button', { name: /^Réactiver/ }).click();
    await list.getByText('Aucune sangsue : aucune carte n’est oubliée à répétition.').waitFor();
    const after = (await api(stack.url, 'GET', `/api/flashcards/${card}`, { token: account.token })).body;
    expect(after).toMatchObject({ suspended: false, tags: [], question: 'En quelle année le traité de Verdun partage-t-il l’empire carolingien ?' });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

/** The name of the element that has the focus (its aria-label, else its text). */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

async function cardOf(account: Account, id: number) {
  return (await api(stack.url, 'GET', `/api/flashcards/${id}`, { token: account.token })).body as { state: string; suspended: boolean; buried_until: string | null; due: string; answer: string; reps: number };
}

describe('review by hand and by keyboard', () => {
  it("reviews with the keyboard alone in the review dialog: '?' lists the keys, 1–4 rate, Space/Enter flip, S suspends, B buries, U undoes, E edits", async () => {
    const account = await createAccount(stack.url, 'wkkeys');
    const { conceptId, cardIds } = await conceptWithCards(account, 'Capitales', [
      ['Capitale du Portugal ?', 'Lisbonne'],
      ['Capitale de la Norvège ?', 'Oslo'],
      ['Capitale du Pérou ?', 'Lima'],
      ['Capitale du Kenya ?', 'Nairobi'],
      ['Capitale du Canada ?', 'Ottawa'],
    ]);
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/${conceptId}`);
    await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
    const question = dialog.getByTestId('review-question');
    await question.getByText('Capitale du Portugal ?').waitFor();

    // '?' opens the list of shortcuts as a dialog; Escape closes it alone and gives the focus back.
    const before = await focusedName(page);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Raccourcis clavier' });
    await help.waitFor();
    for (const line of ['Voir la réponse', 'Suspendre la carte', 'Enterrer la carte jusqu’à demain', 'Défaire la dernière réponse ou action', 'Modifier la carte']) await help.getByText(line).waitFor();
    await screenshot(page, 'review-shortcuts');
    await expectAccessible(page);
    // Keys rest while the overlay is open: 's' suspends nothing.
    await page.keyboard.press('s');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await focusedName(page)).toBe(before);
    expect(await dialog.getByTestId('review-answer').count()).toBe(0);
    expect(await cardOf(account, cardIds[0]!)).toMatchObject({ reps: 0, suspended: false });

    // Space flips, 3 rates 'Bon' (Enter flips too, below).
    await page.keyboard.press('Space');
    await dialog.getByTestId('review-answer').getByText('Lisbonne').waitFor();
    await page.keyboard.press('3');
    await question.getByText('Capitale de la Norvège ?').waitFor();
    expect((await cardOf(account, cardIds[0]!)).reps).toBe(1);

    // S suspends the shown card and moves on; U brings it back, unsuspended.
    await page.keyboard.press('s');
    await question.getByText('Capitale du Pérou ?').waitFor();
    expect((await cardOf(account, cardIds[1]!)).suspended).toBe(true);
    await page.keyboard.press('u');
    await question.getByText('Capitale de la Norvège ?').waitFor();
    expect((await cardOf(account, cardIds[1]!)).suspended).toBe(false);

    // B buries it until tomorrow.
    await page.keyboard.press('b');
    await question.getByText('Capitale du Pérou ?').waitFor();
    expect((await cardOf(account, cardIds[1]!)).buried_until).not.toBeNull();

    // E edits the shown card in place; Escape leaves the form without closing the review.
    await page.keyboard.press('e');
    const form = page.getByRole('dialog', { name: 'Modifier la flashcard' });
    await form.getByLabel('Réponse *').fill('Lima (fondée en 1535)');
    await form.getByRole('button', { name: 'Mettre à jour' }).click();
    await form.waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    await dialog.getByTestId('review-answer').getByText('Lima (fondée en 1535)').waitFor();
    expect((await cardOf(account, cardIds[2]!)).answer).toBe('Lima (fondée en 1535)');
    await page.keyboard.press('4');
    await question.getByText('Capitale du Kenya ?').waitFor();

    // 'Reprogrammer' asks in how many days, refusing a bad number in French.
    await dialog.getByRole('button', { name: 'Reprogrammer' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reprogrammer la carte' });
    await reschedule.getByLabel('Prochaine révision dans (jours)').fill('-3');
    await reschedule.getByRole('button', { name: 'Reprogrammer' }).click();
    await reschedule.getByText('Le nombre de jours doit être un entier de 0 à 36500.').waitFor();
    await reschedule.getByLabel('Prochaine révision dans (jours)').fill('5');
    await reschedule.getByRole('button', { name: 'Reprogrammer' }).click();
    await question.getByText('Capitale du Canada ?').waitFor();
    const due = Date.parse((await cardOf(account, cardIds[3]!)).due);
    expect(due).toBeGreaterThan(Date.now() + 4 * 86_400_000);
    expect(due).toBeLessThan(Date.now() + 6 * 86_400_000);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("forgets a learnt card from the card's menu after a confirmation and undoes it; suspends and reactivates it", async () => {
    const account = await createAccount(stack.url, 'wkmenu');
    const { conceptId, cardIds } = await conceptWithCards(account, 'Chimie', [['Symbole du sodium ?', 'Na']]);
    const id = cardIds[0]!;
    expect((await api(stack.url, 'POST', `/api/flashcards/${id}/review`, { token: account.token, json: { rating: 4 } })).status).toBe(200);
    const learnt = await cardOf(account, id);
    expect(learnt.state).toBe('Review');
    const { context, page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/concepts/${conceptId}`);
    const menu = page.getByTestId('card-actions');
    await menu.getByRole('button', { name: 'Oublier' }).click();
    const confirm = page.getByRole('dialog', { name: 'Oublier cette carte ?' });
    await confirm.getByText('Sa mémoire repart de zéro').waitFor();
    await screenshot(page, 'card-menu-forget-phone');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Oublier' }).click();
    await menu.getByRole('status').getByText('Carte oubliée : elle redevient nouvelle.').waitFor();
    expect(await cardOf(account, id)).toMatchObject({ state: 'New', reps: 0 });
    await menu.getByRole('button', { name: '↶ Annuler' }).click();
    await menu.getByRole('status').waitFor({ state: 'detached' });
    expect(await cardOf(account, id)).toMatchObject({ state: 'Review', reps: 1, due: learnt.due });

    await menu.getByRole('button', { name: 'Suspendre' }).click();
    await page.getByText('Suspendue', { exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Réactiver' }).click();
    await menu.getByRole('button', { name: 'Suspendre' }).waitFor();
    expect((await cardOf(account, id)).suspended).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('suspends with S in a study session, undoes it with U, and shows the shortcuts with ?', async () => {
    const account = await createAccount(stack.url, 'wksess');
    const { conceptId, cardIds } = await conceptWithCards(account, 'Géographie', [
      ['Plus long fleuve de France ?', 'La Loire'],
      ['Plus haut sommet des Alpes ?', 'Le mont Blanc'],
    ]);
    const session = await api(stack.url, 'POST', '/api/study-sessions', { token: account.token, json: { method_type: 'FLASHCARDS', concept_ids: [conceptId] } });
    const { context, page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/study/session/${session.body.id}`);
    const question = page.getByTestId('session-question');
    await question.getByText('Plus long fleuve de France ?').waitFor();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Raccourcis clavier' }).waitFor();
    await screenshot(page, 'session-shortcuts-phone');
    // S the moment the overlay closes is taken, as a person typing fast would expect.
    await page.keyboard.press('Escape');
    await page.keyboard.press('s');
    await question.getByText('Plus haut sommet des Alpes ?').waitFor();
    expect((await cardOf(account, cardIds[0]!)).suspended).toBe(true);
    await page.keyboard.press('u');
    await question.getByText('Plus long fleuve de France ?').waitFor();
    expect((await cardOf(account, cardIds[0]!)).suspended).toBe(false);
    // U pressed while the burial is still being sent is not dropped: it undoes it once done.
    await page.keyboard.press('b');
    await page.keyboard.press('u');
    await page.getByText('Carte enterrée jusqu’à demain.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '↶ Défaire' }).count()).toBe(0);
    expect(await question.innerText()).toContain('Plus long fleuve de France ?');
    expect((await cardOf(account, cardIds[0]!)).buried_until).toBeNull();
    await screenshot(page, 'session-card-menu-phone');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
