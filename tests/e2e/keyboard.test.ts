/**
 * Everyone can use it, without a mouse: a keyboard-only journey from signing in
 * to changing a setting, focus going back where it was after each dialog, the editor's
 * toolbar as one Tab stop, the galaxy standing still for reduced motion, and the concept
 * page and review dialog at 200 % zoom and at 320 CSS px without sideways scrolling.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, PASSWORD, type Account } from '../support/client';
import { useBrowser, newPage, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

/** What has the keyboard's focus: its accessible-ish name (label, aria-label or text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return labelled.replace(/\s+/g, ' ').trim();
  });

/** Presses Tab (Shift+Tab with `back`) until the focused control's name matches, as a keyboard user would. */
async function tabTo(page: Page, name: RegExp, { back = false, max = 100 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`no control named ${name} within ${max} presses of Tab (last: ${await focusedName(page)})`);
}

async function seedLinkTarget(account: Account) {
  const made = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Chlorophylle', content: 'Pigment vert.', tag_names: [] } });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

/**
 * Something would need sideways scrolling (WCAG 1.4.10): the page is wider than its window,
 * or a heading's or paragraph's text runs out of its own box (a long word not wrapped).
 */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) return 'the page';
    const spilled = [...document.querySelectorAll<HTMLElement>('h1, h2, h3, p, li')].find((el) => getComputedStyle(el).overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1);
    return spilled ? `${spilled.tagName}: ${spilled.textContent?.slice(0, 60)}` : false;
  });

/** WCAG 1.4.12's text spacing, as a person's own style sheet would set it. */
const TEXT_SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

describe('keyboard, focus, motion and zoom', () => {
  it('signs in, creates a linked concept and a card, reviews it with 1–4, uses the quick switcher and changes a setting, by keyboard only', async () => {
    const account = await createAccount(stack.url, 'kbd');
    const targetId = await seedLinkTarget(account);
    const { context, page } = await newPage(browser);

    // Sign in.
    await page.goto(`${stack.url}/login`);
    await tabTo(page, /Email ou nom d'utilisateur/);
    await page.keyboard.type(account.username);
    await tabTo(page, /^Mot de passe/);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/dashboard`);

    // The first Tab on a screen offers to skip the menu; Enter puts the focus on the page.
    await page.reload();
    await page.getByTestId('drawer-username').waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Aller au contenu');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenu');

    // A concept with a [[link]], from the concepts list.
    await page.goto(`${stack.url}/concepts`);
    await page.getByRole('link', { name: 'Ajouter Concept' }).waitFor();
    await tabTo(page, /^Ajouter Concept$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/concepts/new`);
    await tabTo(page, /^Titre \*$/);
    await page.keyboard.type('Photosynthèse');
    // The editor's toolbar is one Tab stop: Tab from the title reaches the toolbar once, then the text.
    await page.getByRole('textbox', { name: 'Contenu' }).waitFor();
    await tabTo(page, /^Contenu$/);
    await page.keyboard.type('Grâce à la [[chloro');
    const suggestions = page.getByRole('listbox', { name: 'Concepts' });
    await suggestions.getByRole('option', { name: 'Chlorophylle' }).waitFor();
    // The editor points at the highlighted option, as a combobox does.
    const active = await page.getByRole('textbox', { name: 'Contenu' }).getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain('Chlorophylle');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' la plante capte la lumière.');
    await tabTo(page, /^Ajouter le concept$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/concepts\/\d+$/);
    const conceptId = Number(page.url().split('/').pop());
    const saved = await api(stack.url, 'GET', `/api/concepts/${conceptId}`, { token: account.token });
    expect(JSON.stringify(saved.body.content)).toContain(`/concepts/${targetId}`);

    // A card, from the concept page's 'Créer' tab (the arrows move between tabs).
    await page.getByRole('tab', { name: 'Créer' }).waitFor();
    await tabTo(page, /^Réviser$/);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Créer');
    await tabTo(page, /^Question \*$/);
    await page.keyboard.type('Quel pigment capte la lumière ?');
    await tabTo(page, /^Réponse \*$/);
    await page.keyboard.type('La chlorophylle');
    await tabTo(page, /^Créer la flashcard$/);
    await page.keyboard.press('Enter');
    await page.getByText('Flashcard créée avec succès!').first().waitFor();

    // Review it: Space shows the answer, 1-4 rate; the dialog gives the focus back on close.
    await tabTo(page, /^Créer$/, { back: true });
    await page.keyboard.press('ArrowLeft');
    await tabTo(page, /^Réviser les flashcards$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
    await dialog.getByTestId('review-question').waitFor();
    const announcer = dialog.getByTestId('card-announcer');
    expect(await announcer.textContent()).toBe('Question : Quel pigment capte la lumière ?');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await page.keyboard.press('Space');
    await dialog.getByTestId('review-answer').waitFor();
    const intervals = await Promise.all([1, 2, 3, 4].map((r) => dialog.getByTestId(`interval-${r}`).textContent()));
    expect(await announcer.textContent()).toBe(`Réponse : La chlorophylle. 1 À revoir : ${intervals[0]}, 2 Difficile : ${intervals[1]}, 3 Bon : ${intervals[2]}, 4 Facile : ${intervals[3]}.`);
    // Tab stays inside the open dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('3');
    await dialog.getByText('Révision terminée !').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Réviser les flashcards');
    const card = (await api(stack.url, 'GET', `/api/concepts/${conceptId}/flashcards`, { token: account.token })).body[0];
    expect(card.reps).toBe(1);

    // The quick switcher: Ctrl+K, type, Enter goes there.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Aller à…' }).waitFor();
    await page.keyboard.type('Chloro');
    await page.getByRole('option', { name: /Chlorophylle/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/concepts/${targetId}`);

    // A setting: the text size, saved from the Interface tab.
    await page.goto(`${stack.url}/settings?tab=interface`);
    await page.getByLabel('Text size').waitFor();
    await tabTo(page, /^Text size/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, /^Save Changes$/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body.text_size).toBe('larger');
    // The page applies the size once its save has answered, a moment after the server has it.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
    await screenshot(page, 'keyboard-settings-larger-text');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('gives the focus back to the button that opened each dialog', async () => {
    const account = await createAccount(stack.url, 'focus');
    const conceptId = await seedLinkTarget(account);
    await api(stack.url, 'POST', `/api/concepts/${conceptId}/flashcards`, { token: account.token, json: { question: 'Couleur ?', answer: 'Vert' } });
    const { context, page } = await signedInPage(browser, stack.url, account.token);

    const opens: { path: string; opener: string; dialog: string }[] = [
      { path: '/concepts', opener: 'Création rapide', dialog: 'Create New Concept' },
      { path: '/constellation-manager', opener: 'Nouvelle constellation', dialog: 'Nouvelle constellation' },
      { path: `/concepts/${conceptId}`, opener: 'Réviser les flashcards', dialog: 'Réviser les flashcards' },
      { path: `/concepts/${conceptId}`, opener: 'Modifier', dialog: 'Modifier la flashcard' },
    ];
    for (const { path, opener, dialog } of opens) {
      await page.goto(`${stack.url}${path}`);
      const button = page.getByRole('button', { name: opener, exact: true }).first();
      await button.focus();
      await page.keyboard.press('Enter');
      const open = page.getByRole('dialog', { name: dialog });
      await open.waitFor();
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
      await page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached' });
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("makes the editor's toolbar one Tab stop that the arrow keys move along", async () => {
    const account = await createAccount(stack.url, 'tools');
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/new`);
    await page.getByRole('textbox', { name: 'Contenu' }).waitFor();
    const toolbar = page.getByRole('toolbar', { name: "Barre d'outils de l'éditeur" });
    await toolbar.waitFor();
    const stops = await toolbar.locator('button').evaluateAll((buttons) => buttons.filter((b) => (b as HTMLButtonElement).tabIndex === 0).length);
    expect(stops).toBe(1);
    await toolbar.getByRole('button', { name: 'Gras' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Italique');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Insérer un tableau');
    await page.keyboard.press('Home');
    // Undo and redo are disabled on an untouched document: the first usable tool is 'Gras'.
    expect(await focusedName(page)).toBe('Gras');
    // Tab leaves the toolbar, Shift+Tab comes back to the tool used last.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="toolbar"]')))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Italique');
    await context.close();
  });

  it("keeps the galaxy still and jumps to a searched star for reduced motion, unless the person turns 'Galaxy animation' on themselves", async () => {
    const account = await createAccount(stack.url, 'motion');
    await seedLinkTarget(account);
    /** Opens the galaxy, searches a star and goes to it; says whether it turns and whether the camera flew there. */
    const visitGalaxy = async (page: Page) => {
      await page.goto(`${stack.url}/galaxy`);
      const galaxy = page.getByTestId('galaxy');
      await galaxy.and(page.locator('[data-frames="drawn"]')).waitFor({ timeout: 20_000 });
      // Any flight at all is seen: the scene says 'flying' from the start of a flight to its end.
      await galaxy.evaluate((el) => {
        new MutationObserver(() => {
          if (el.dataset.flight === 'flying') el.dataset.flew = 'true';
        }).observe(el, { attributes: true, attributeFilter: ['data-flight'] });
      });
      const cameraBefore = await galaxy.getAttribute('data-camera');
      await page.getByRole('combobox', { name: 'Search concept...' }).fill('Chloro');
      await page.getByRole('option', { name: 'Chlorophylle' }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('navigation', { name: 'Étoiles proches' }).waitFor();
      await expect.poll(() => galaxy.getAttribute('data-camera'), { timeout: 10_000 }).not.toBe(cameraBefore);
      return { animated: await galaxy.getAttribute('data-animated'), flew: (await galaxy.getAttribute('data-flew')) === 'true', galaxy };
    };
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const { context, page } = await signedInPage(browser, stack.url, account.token, { reducedMotion });
      const seen = await visitGalaxy(page);
      expect([seen.animated, seen.flew]).toEqual(reducedMotion === 'reduce' ? ['false', false] : ['true', true]);
      if (reducedMotion === 'reduce') {
        // The keyboard path: Tab goes through the nearest stars; Enter opens one.
        await page.keyboard.press('Tab');
        expect(await focusedName(page)).toBe('Chlorophylle');
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/concepts\/\d+$/);
        // The settings say why it stands still; turning it on there wins over the system.
        await page.goto(`${stack.url}/settings?tab=interface`);
        const toggle = page.getByRole('switch', { name: 'Galaxy animation' });
        await page.getByText('Off because your system asks for reduced motion').waitFor();
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
        await toggle.click();
        expect(await toggle.getAttribute('aria-checked')).toBe('true');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await page.getByText('Preferences saved successfully!').waitFor();
        const chosen = await visitGalaxy(page);
        expect([chosen.animated, chosen.flew]).toEqual(['true', true]);
        await screenshot(page, 'galaxy-reduced-motion-chosen');
      }
      await context.close();
    }
  });

  it("starts the keyboard on the galaxy's own controls, with no hidden drawer beneath it to tab through, and opens the quick switcher there", async () => {
    const account = await createAccount(stack.url, 'galaxytab');
    await seedLinkTarget(account);
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/galaxy`);
    await page.locator('[data-testid="galaxy"][data-frames="drawn"]').waitFor({ timeout: 20_000 });
    const search = page.getByRole('combobox', { name: 'Search concept...' });
    await search.waitFor();
    // The galaxy covers the whole view: the first Tab is on its way back, the next on its search.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('← Astrolabe');
    await page.keyboard.press('Tab');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('walks the knowledge graph by keyboard: a search shows a concept, Tab goes through its nearest nodes, Enter opens one', async () => {
    const account = await createAccount(stack.url, 'graphkbd');
    await seedLinkTarget(account);
    const linked = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Photosynthèse', content: 'Grâce à la [[Chlorophylle]].', tag_names: [] } });
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/graph`);
    await page.locator('[data-testid="knowledge-graph"][data-state="stable"]').waitFor();
    await tabTo(page, /^Rechercher un concept$/);
    await page.keyboard.type('Chloro');
    await page.getByRole('option', { name: 'Chlorophylle' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Concepts proches' }).waitFor();
    // The node is brought to the middle of the graph and titled there.
    const canvas = await page.getByTestId('knowledge-graph').boundingBox();
    const tooltip = page.getByRole('tooltip');
    const shownAt = async () => [await tooltip.textContent(), Number(await tooltip.getAttribute('data-x')), Number(await tooltip.getAttribute('data-y'))] as const;
    const middle = [Math.round(canvas!.width / 2), Math.round(canvas!.height / 2)];
    const near = (at: readonly [string | null, number, number], title: string) => at[0] === title && Math.abs(at[1] - middle[0]!) <= 2 && Math.abs(at[2] - middle[1]!) <= 2;
    expect(near(await shownAt(), 'Chlorophylle')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Chlorophylle');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Photosynthèse');
    expect(near(await shownAt(), 'Photosynthèse')).toBe(true);
    await screenshot(page, 'graph-keyboard-path');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/concepts/${linked.body.id}`);
    await context.close();
  });

  it('gives each dashboard chart a table with the figures it draws', async () => {
    const account = await createAccount(stack.url, 'charts');
    const conceptId = await seedLinkTarget(account);
    const post = async (path: string, json: unknown) => {
      const res = await api(stack.url, 'POST', path, { token: account.token, json });
      expect(res.status).toBeLessThan(300);
      return res.body;
    };
    const cards = [];
    for (const question of ['Couleur ?', 'Rôle ?', 'Où ?']) cards.push(await post(`/api/concepts/${conceptId}/flashcards`, { question, answer: 'Réponse' }));
    const session = await post('/api/study-sessions', { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    for (const [i, rating] of [3, 1, 4].entries()) await post(`/api/study-sessions/${session.id}/flashcards/${cards[i].id}/review`, { rating, duration_ms: 4000 });
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    /** The rows of the chart's 'Voir en tableau' table, opened by keyboard. */
    const tableOf = async (caption: string) => {
      // Closed, the table is out of the accessibility tree: found by its caption, then opened.
      const details = page.locator('details', { has: page.locator('caption', { hasText: caption }) });
      await details.locator('summary').focus();
      await page.keyboard.press('Enter');
      return page.getByRole('table', { name: caption }).locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    };
    // The retention ring: its spoken label and its table say the same.
    const ring = page.getByRole('img', { name: /^Rétention/ });
    await ring.waitFor();
    const [, retention, goal] = /^Rétention (\d+)%, objectif (\d+)%$/.exec((await ring.getAttribute('aria-label'))!)!;
    const ringRows = await tableOf('Rétention sur 30 jours et objectif');
    expect(ringRows.slice(0, 2)).toEqual([['Rétention', `${retention}%`], ['Objectif', `${goal}%`]]);
    // The ratings doughnut: the table holds the counts the server gave (and the picture draws).
    await page.getByRole('tab', { name: 'Activité' }).click();
    const breakdown = (await api(stack.url, 'GET', '/api/stats/dashboard/extended', { token: account.token })).body.rating_breakdown;
    await page.getByRole('img', { name: /^Répartition des évaluations/ }).waitFor();
    expect(await tableOf('Répartition des évaluations sur 30 jours')).toEqual([
      ['Encore', String(breakdown.again_count)],
      ['Difficile', String(breakdown.hard_count)],
      ['Bien', String(breakdown.good_count)],
      ['Facile', String(breakdown.easy_count)],
    ]);
    expect([breakdown.again_count, breakdown.good_count, breakdown.easy_count]).toEqual([1, 1, 1]);
    await screenshot(page, 'dashboard-chart-table');
    await context.close();
  });

  it('shows the concept page and the review dialog at 200 % zoom and at 320 px without sideways scrolling', async () => {
    const account = await createAccount(stack.url, 'zoom');
    const concept = await api(stack.url, 'POST', '/api/concepts', {
      token: account.token,
      json: { title: 'Photosynthèse chlorophyllienne des plantes vasculaires', content: 'La photosynthèse convertit la lumière en énergie chimique dans les chloroplastes des cellules végétales.', tag_names: ['biologie', 'photosynthèse-avancée'] },
    });
    await api(stack.url, 'POST', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token, json: { question: 'Où a lieu la photosynthèse dans la cellule végétale ?', answer: 'Dans les chloroplastes' } });
    // 200 % of a 1280 px window is 640 CSS px; 320 px is WCAG 1.4.10's width.
    for (const width of [640, 320]) {
      const { context, page } = await signedInPage(browser, stack.url, account.token, { width, height: 400 });
      await page.goto(`${stack.url}/concepts/${concept.body.id}`);
      await page.getByRole('button', { name: 'Réviser les flashcards' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `zoom-${width}-concept`);
      await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
      const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
      await dialog.getByRole('button', { name: 'Afficher la Réponse' }).click();
      await dialog.getByTestId('review-answer').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      // Every rating stays inside the dialog.
      const overflowing = await dialog.evaluate((d) => [...d.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().right > d.getBoundingClientRect().right + 1).length);
      expect(overflowing).toBe(0);
      await screenshot(page, `zoom-${width}-review-dialog`);
      // WCAG 1.4.12: a person's own text spacing still fits.
      await page.keyboard.press('Escape');
      await page.addStyleTag({ content: TEXT_SPACING });
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `zoom-${width}-concept-text-spacing`);
      // The other main screens at 320 px, with and without the text spacing overrides.
      if (width === 320) {
        const spilled: Record<string, string> = {};
        for (const path of ['/dashboard', '/concepts', '/flashcards', '/study', '/daily', '/search?q=photo', '/constellation-manager', '/explore-hierarchy', '/settings?tab=interface']) {
          await page.goto(`${stack.url}${path}`, { waitUntil: 'domcontentloaded' });
          await page.waitForFunction(() => document.querySelector('main h1, main h2') && !/Chargement|Loading/.test(document.body.innerText));
          const plain = await scrollsSideways(page);
          await page.addStyleTag({ content: TEXT_SPACING });
          const spaced = await scrollsSideways(page);
          if (plain || spaced) spilled[path] = `${plain || '-'} / spaced: ${spaced || '-'}`;
        }
        expect(spilled).toEqual({});
      }
      await context.close();
    }
  });
});
