/**
 * The study methods besides flashcards in Chromium: a Blurting session on two
 * concepts with the comparison and cards made from what was missed, its summary, and the
 * same method in the phone viewport.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { controlledBySw, useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const CONCEPTS = [
  {
    title: 'Révolution française',
    content: doc(
      'La prise de la Bastille, le 14 juillet 1789, est devenue le symbole de la fin de l’absolutisme.',
      'Louis XVI est guillotiné le 21 janvier 1793 sur la place de la Révolution, à Paris.',
    ),
  },
  {
    title: 'Mitochondrie',
    content: doc('La mitochondrie est un organite présent dans la plupart des cellules eucaryotes.', 'En 1967, Lynn Margulis propose son origine bactérienne.'),
  },
];

async function seedConcepts(account: Account) {
  const ids: number[] = [];
  for (const concept of CONCEPTS) {
    const created = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { ...concept, tag_names: [] } });
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
  return ids;
}

/** From the method carousel to a started session of `method` on the concepts titled `titles`. */
async function startMethod(page: Page, method: string, titles: string[]) {
  await page.goto(`${stack.url}/study`);
  await page.getByRole('button', { name: 'Commencer Flashcards' }).waitFor();
  while (!(await page.getByRole('button', { name: `Commencer ${method}` }).count())) await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: `Commencer ${method}` }).click();
  await page.waitForURL(`${stack.url}/study/select-concepts?method=${method.toUpperCase()}`);
  for (const title of titles) await page.getByRole('checkbox', { name: title }).check();
  await page.getByRole('button', { name: `Démarrer la session (${titles.length})` }).click();
  await page.waitForURL(/\/study\/method\/\d+$/);
  await page.getByRole('heading', { name: `Session ${method}` }).waitFor();
  return Number(page.url().split('/').pop());
}

async function blurt(page: Page, text: string) {
  await page.getByLabel('Écrivez tout ce dont vous vous souvenez sur ce concept, sans regarder.').fill(text);
  await page.getByRole('button', { name: 'Comparer avec le concept' }).click();
  await page.getByTestId('recall-score').waitFor();
}

const listed = async (page: Page, testId: string) => (await page.getByTestId(testId).locator('li').allInnerTexts()).map((t) => t.replace(/^[✓✗]\s*/, ''));

describe('Blurting', () => {
  it('compares what was written on two concepts, makes cards of what was missed, and sums up the session', async () => {
    const account = await createAccount(stack.url, 'blurt');
    const [revolution, mito] = await seedConcepts(account);
    const { page } = await signedInPage(browser, stack.url, account.token);

    // The carousel offers Blurting (no 'Bientôt' on it any more).
    await page.goto(`${stack.url}/study`);
    await page.getByRole('button', { name: 'Commencer Flashcards' }).waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('button', { name: 'Commencer Blurting' }).isDisabled()).toBe(false);
    const sessionId = await startMethod(page, 'Blurting', ['Révolution française', 'Mitochondrie']);

    // First concept: its title only, then the comparison beside the concept's content.
    await page.getByTestId('method-concept-title').getByText('Révolution française').waitFor();
    expect(await page.getByText('14 juillet 1789').count()).toBe(0);
    await blurt(page, 'La Bastille est prise le 14/07/1789. Louis XVI est exécuté.');
    expect(await listed(page, 'items-found')).toEqual(expect.arrayContaining(['Bastille', '14 juillet 1789', 'Louis XVI']));
    expect(await listed(page, 'items-missed')).toEqual(expect.arrayContaining(['21 janvier 1793', 'Paris']));
    const missed = (await listed(page, 'items-missed')).length;
    await screenshot(page, 'blurting-comparison');

    // Cards for what was forgotten; asking twice adds none.
    await page.getByRole('button', { name: "Créer des cartes pour ce que j'ai oublié" }).click();
    expect(missed).toBeGreaterThan(1);
    await page.getByTestId('missed-cards-message').getByText(`${missed} cartes créées à partir de ce que vous avez oublié.`).waitFor();
    const cards = await api(stack.url, 'GET', `/api/concepts/${revolution}/flashcards`, { token: account.token });
    expect(cards.body.map((c: { answer: string }) => c.answer)).toEqual(expect.arrayContaining(['21 janvier 1793', 'Paris']));
    await page.getByRole('button', { name: "Créer des cartes pour ce que j'ai oublié" }).click();
    await page.getByText('Aucune nouvelle carte : elles existent déjà.').waitFor();

    // Second concept, then the end of the session and its summary.
    await page.getByRole('button', { name: 'Concept suivant' }).click();
    await page.getByTestId('method-concept-title').getByText('Mitochondrie').waitFor();
    await blurt(page, 'Les mitochondries sont des organites des cellules eucaryotes.');
    await page.getByRole('button', { name: 'Terminer la session' }).click();
    await page.waitForURL(`${stack.url}/study/summary/${sessionId}`);
    await page.getByTestId('method-results').waitFor();
    const rows = await page.getByTestId('method-results-concept').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Révolution française');
    expect(rows[0]).toMatch(/Rappel \d+ %/);
    expect(rows[0]).toContain(`${missed} éléments oubliés`);
    expect(rows[0]).toContain(`${missed} cartes créées`);
    expect(rows[1]).toContain('Mitochondrie');
    expect(rows[1]).toContain('aucune carte créée');
    await page.getByTestId('summary-recall').waitFor();
    await screenshot(page, 'blurting-summary');

    // The recall fed mastery, and the dashboard counts the day.
    const concept = await api(stack.url, 'GET', `/api/concepts/${mito}`, { token: account.token });
    expect(concept.body.mastery_level).toBeGreaterThan(0);
    const stats = await api(stack.url, 'GET', '/api/stats/dashboard/extended', { token: account.token });
    expect(stats.body.learning_activity.current_streak_days).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it('works in the phone viewport, and keeps what was written across a reload', async () => {
    const account = await createAccount(stack.url, 'blurtphone');
    await seedConcepts(account);
    const { page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    await startMethod(page, 'Blurting', ['Mitochondrie']);
    const input = page.getByLabel('Écrivez tout ce dont vous vous souvenez sur ce concept, sans regarder.');
    await input.fill('La mitochondrie, un organite découvert');
    await page.reload();
    await expect.poll(() => input.inputValue()).toBe('La mitochondrie, un organite découvert');
    await screenshot(page, 'blurting-phone-write');
    await blurt(page, 'La mitochondrie est un organite. Lynn Margulis en 1967.');
    expect(await listed(page, 'items-found')).toEqual(expect.arrayContaining(['mitochondrie', '1967', 'Lynn Margulis']));
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'blurting-phone-comparison');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('Feynman', () => {
  it('gives offline feedback on an explanation, keeps the gaps marked, and shows it next time', async () => {
    const account = await createAccount(stack.url, 'feynman');
    const [, mito] = await seedConcepts(account);
    const { page, context } = await signedInPage(browser, stack.url, account.token, { serviceWorker: true });
    const sessionId = await startMethod(page, 'Feynman', ['Mitochondrie']);
    const explanation =
      'La mitochondrie réalise la phosphorylation oxydative grâce à la chaîne respiratoire, dont les complexes enzymatiques pompent des protons à travers la membrane interne afin de générer un gradient électrochimique pour produire l’énergie.';
    await page.getByLabel('Expliquez ce concept avec des mots simples, comme à un enfant de 12 ans.').fill(explanation);
    // Offline: the feedback needs no server (the word list is fetched now, then the network is cut).
    await page.getByRole('button', { name: 'Analyser mon explication' }).click();
    await page.getByTestId('feynman-feedback').waitFor();
    await page.getByTestId('feynman-critique').getByText('La critique des lacunes et erreurs par l’IA demande un fournisseur d’IA configuré : seul le retour hors ligne est affiché.').waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Analyser mon explication' }).click();
    const jargon = await page.getByTestId('feynman-jargon').innerText();
    expect(jargon).toContain('phosphorylation');
    expect(jargon).toContain('électrochimique');
    expect(await page.getByTestId('feynman-unexplained').innerText()).toContain('mitochondrie');
    expect(await page.getByTestId('feynman-missing').innerText()).toContain('Lynn Margulis');
    await page.getByText('1 phrase de plus de 25 mots : coupez-la.').waitFor();
    // No provider in this stack and offline: the AI critique says why it is missing, the offline feedback stays.
    await page.getByTestId('feynman-critique').getByText('Critique par l’IA indisponible hors connexion : le retour hors ligne ci-dessus reste valable.').waitFor();
    await page.getByRole('checkbox', { name: 'Non mentionné : Lynn Margulis' }).check();
    await page.getByRole('checkbox', { name: 'Jargon : phosphorylation' }).check();
    await screenshot(page, 'feynman-feedback');
    await context.setOffline(false);

    await page.getByRole('button', { name: "Enregistrer l'explication" }).click();
    await page.getByText('Explication enregistrée (2 lacunes à revoir).').waitFor();
    await page.getByRole('button', { name: 'Terminer la session' }).click();
    await page.waitForURL(`${stack.url}/study/summary/${sessionId}`);
    const row = await page.getByTestId('method-results-concept').first().innerText();
    expect(row).toContain('Mitochondrie');
    expect(row).toContain('2 lacunes à revoir');

    // The next Feynman session on the concept shows the previous explanation to improve.
    await startMethod(page, 'Feynman', ['Mitochondrie']);
    await page.getByTestId('feynman-previous').getByText('Votre explication précédente').click();
    await page.getByTestId('feynman-previous').getByText('Lacunes notées : Non mentionné : Lynn Margulis ; Jargon : phosphorylation').waitFor();
    await page.getByRole('button', { name: 'Repartir de cette explication' }).click();
    expect(await page.getByLabel('Expliquez ce concept avec des mots simples, comme à un enfant de 12 ans.').inputValue()).toBe(explanation);
    await screenshot(page, 'feynman-previous');

    // Improved and saved: the concept page's own section shows it, with the earlier version kept.
    const improved = 'La mitochondrie est la petite usine de la cellule : elle fabrique l’énergie. Lynn Margulis a montré en 1967 qu’elle vient d’une bactérie.';
    await page.getByLabel('Expliquez ce concept avec des mots simples, comme à un enfant de 12 ans.').fill(improved);
    await page.getByRole('button', { name: "Enregistrer l'explication" }).click();
    await page.getByText(/^Explication enregistrée/).waitFor();
    await page.goto(`${stack.url}/concepts/${mito}`);
    const section = page.getByTestId('concept-feynman');
    await section.getByRole('heading', { name: 'Mon explication (Feynman)' }).waitFor();
    await section.getByText(improved).waitFor();
    await section.getByText('Versions précédentes (1)').click();
    await page.getByTestId('concept-feynman-previous').getByText(explanation).waitFor();
    await page.getByTestId('concept-feynman-previous').getByText('Lacunes à revoir : Non mentionné : Lynn Margulis ; Jargon : phosphorylation').waitFor();
    await screenshot(page, 'concept-feynman-section');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('Composite', () => {
  it('chains Blurting, the cards of what was missed (offline, resumed after a reload, sent once back online) and Feynman on a phone, and sums up each step', async () => {
    const account = await createAccount(stack.url, 'composite');
    await seedConcepts(account);
    const { context, page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844, serviceWorker: true });
    await page.goto(`${stack.url}/study/select-concepts?method=COMPOSITE`);
    const picker = page.getByTestId('composite-steps');
    const order = async () => (await picker.locator('ol > li').allInnerTexts()).map((t) => t.split('\n')[0]!.replace(/^\d+\.\s*\S+\s*/, ''));
    await picker.getByText('Étapes pour chaque concept').waitFor();
    expect(await order()).toEqual(['Blurting', 'Flashcards', 'Feynman']);
    // By keyboard: Feynman up one place, the focus stays with it; Tab, Enter puts it back.
    await page.getByRole('button', { name: 'Monter Feynman' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Blurting', 'Feynman', 'Flashcards']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Monter Feynman');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Blurting', 'Flashcards', 'Feynman']);
    await screenshot(page, 'composite-prepare-phone');
    await page.getByRole('checkbox', { name: 'Révolution française' }).check();
    await page.getByRole('button', { name: 'Démarrer la session (1)' }).click();
    await page.waitForURL(/\/study\/method\/\d+$/);
    const sessionId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: 'Session Composite' }).waitFor();

    // Blurting, and cards of what was missed.
    await page.getByTestId('method-counter').getByText('Étape 1 / 3 : Blurting').waitFor();
    await blurt(page, 'La Bastille est prise le 14/07/1789. Louis XVI est exécuté.');
    await page.getByRole('button', { name: "Créer des cartes pour ce que j'ai oublié" }).click();
    const made = Number((await page.getByTestId('missed-cards-message').innerText()).match(/^(\d+) cartes créées/)![1]);
    expect(made).toBeGreaterThan(1);

    // One online visit under the service worker keeps the session and the concept's cards; a reload resumes at the Flashcards step.
    await controlledBySw(page);
    const cardsKept = page.waitForResponse((res) => /\/concepts\/\d+\/flashcards$/.test(new URL(res.url()).pathname) && res.ok());
    await page.reload();
    await cardsKept;
    await page.getByTestId('method-counter').getByText('Étape 2 / 3 : Flashcards').waitFor();

    // Flashcards with no network: the concept's cards, those just made included, by keyboard (Space, then 3 'Bon').
    await context.setOffline(true);
    await page.reload();
    const counter = page.getByTestId('flashcards-step-counter');
    await counter.getByText(`Carte 1 / ${made}`).waitFor();
    expect(await page.getByTestId('session-question').innerText()).toMatch(/^Complétez : « /);
    await screenshot(page, 'composite-flashcards-phone');
    const answer = async () => {
      await page.keyboard.press('Space');
      await page.getByTestId('session-answer').waitFor();
      await page.keyboard.press('3');
    };
    await answer();
    await counter.getByText(`Carte 2 / ${made}`).waitFor();
    // A reload offline resumes after the card answered: its answer waits on this device.
    await page.reload();
    await counter.getByText(`Carte 1 / ${made - 1}`).waitFor();
    for (let i = 1; i < made; i++) {
      if (i > 1) await counter.getByText(`Carte ${i} / ${made - 1}`).waitFor();
      await answer();
    }
    await page.getByTestId('flashcards-step-result').getByText(`Étape terminée hors ligne : ${made} / ${made} cartes revues, ${made} bien retenues.`, { exact: false }).waitFor();
    await page.getByTestId('sync-status').getByText(`${made} modifications en attente`, { exact: false }).waitFor();
    await screenshot(page, 'composite-flashcards-offline-phone');

    // Feynman, its feedback offline, with one gap marked; saved once back online.
    await page.getByRole('button', { name: 'Étape suivante' }).click();
    await page.getByLabel('Expliquez ce concept avec des mots simples, comme à un enfant de 12 ans.').fill('Le peuple de Paris prend une prison, la Bastille, en 1789.');
    await page.getByRole('button', { name: 'Analyser mon explication' }).click();
    await page.getByRole('checkbox', { name: 'Non mentionné : Louis XVI' }).check();
    await context.setOffline(false);
    await page.getByTestId('sync-status').getByText('Modifications synchronisées', { exact: false }).waitFor();
    await page.getByRole('button', { name: "Enregistrer l'explication" }).click();
    await page.getByText('Explication enregistrée (1 lacune à revoir).').waitFor();
    await page.getByRole('button', { name: 'Terminer la session' }).click();

    // The summary: the concept once, with each step's result in words agreed with their numbers.
    await page.waitForURL(`${stack.url}/study/summary/${sessionId}`);
    await page.getByTestId('method-results').waitFor();
    const concepts = page.getByTestId('method-results-concept');
    expect(await concepts.count()).toBe(1);
    expect((await concepts.innerText()).split('Révolution française')).toHaveLength(2);
    const rows = await concepts.getByTestId('method-step-result').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^Blurting :\s+Rappel \d+ % · \d+ éléments? oubliés? · /);
    expect(rows[0]).toContain(`${made} cartes créées`);
    expect(rows[1]).toMatch(new RegExp(`^Flashcards :\\s+${made} / ${made} cartes revues, ${made} bien retenues$`));
    expect(rows[2]).toMatch(/^Feynman :\s+Explication de \d+ mots · 1 lacune à revoir$/);
    expect(rows.join(' ')).not.toContain('(s)');
    // The answers given offline count in the session, each once.
    expect((await api(stack.url, 'GET', `/api/study-sessions/${sessionId}`, { token: account.token })).body).toMatchObject({ cards_reviewed: made });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'composite-summary-phone');
    expect(pageErrors(page)).toEqual([]);
  });
});
