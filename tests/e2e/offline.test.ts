/**
 * Astrolabe on a bad network, in Chromium: a start without the server keeps the
 * person signed in; the app installs (manifest, one service worker that also carries push)
 * and opens with the browser context offline after one online visit, showing the copies
 * it kept with their age.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { deployableApp } from './deployment';
import { beforeScripts, controlledBySw, recordBeforeScripts, useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b), { serviceWorker: true });

describe('staying signed in without the server', () => {
  it('a server error or no network at start keeps the person signed in, says Hors ligne, and recovers', async () => {
    const ada = await createAccount(stack.url, 'stay');
    const { context, page } = await signedInPage(browser, stack.url, ada.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The server fails its profile at start (a 502 from a proxy): still signed in.
    await page.route('**/api/users/me', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.reload();
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    expect(page.url()).toBe(`${stack.url}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBe(ada.token);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    expect(await page.getByTestId('drawer-username').textContent()).toBe(ada.username);
    await screenshot(page, 'offline-start-502');

    // No answer at all (the connection drops): the same.
    await page.unroute('**/api/users/me');
    await page.route('**/api/users/me', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    expect(page.url()).toBe(`${stack.url}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBe(ada.token);

    // The server comes back: the app asks again by itself and the banner goes.
    await page.unroute('**/api/users/me');
    await page.getByText('Hors ligne', { exact: false }).first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('a 401 at start still ends the session', async () => {
    const ada = await createAccount(stack.url, 'gone');
    const { context, page } = await signedInPage(browser, stack.url, ada.token);
    await page.route('**/api/users/me', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Could not validate credentials","code":"unauthorized"}' }));
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL(`${stack.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBeNull();
    await context.close();
  });
});

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe('the installable app', () => {
  it('meets the install criteria, and opens offline after one online visit with the concepts, a concept page and today\'s note', async () => {
    const ada = await createAccount(stack.url, 'pwa');
    const concept = (await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Mitochondrie', content: doc('La centrale énergétique de la cellule.') } })).body;
    // The app on its own origin, where this test deploys a new build (deployment.ts).
    const app = await deployableApp(stack.url);
    const { context, page } = await signedInPage(browser, app.url, ada.token, { width: 390, height: 844 });
    await recordBeforeScripts(context);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await controlledBySw(page)).toBe(`${app.url}/firebase-messaging-sw.js`);

    // The install criteria, read from the page: a manifest with a name, standalone display,
    // a start URL, icons of 192 and 512 px that load as PNG, and theme colours.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      const body = await (await fetch(href)).json();
      const icons = await Promise.all(
        body.icons.map(async (icon: { src: string; sizes: string }) => {
          const res = await fetch(icon.src);
          return { sizes: icon.sizes, type: res.headers.get('content-type'), ok: res.ok };
        }),
      );
      return { ...body, loaded: icons, themeMeta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') };
    });
    expect(manifest).toMatchObject({ name: 'Astrolabe', display: 'standalone', start_url: '/dashboard', theme_color: '#0b0716', background_color: '#0b0716' });
    for (const size of ['192x192', '512x512']) expect(manifest.loaded).toContainEqual({ sizes: size, type: 'image/png', ok: true });
    expect(manifest.themeMeta).toBe('#0b0716');
    const swHeaders = await page.evaluate(async () => (await fetch('/firebase-messaging-sw.js', { cache: 'no-store' })).headers.get('cache-control'));
    expect(swHeaders).toBe('no-cache');

    // One online visit of the screens to read later.
    await page.goto(`${app.url}/concepts`);
    await page.getByRole('link', { name: 'Mitochondrie' }).first().waitFor();
    await page.goto(`${app.url}/concepts/${concept.id}`);
    await page.getByText('La centrale énergétique de la cellule.').waitFor();

    // A new build is deployed while the concept's form is being edited (its service worker
    // differs by one line, which answers 'build?'): the browser's check finds it, the page
    // says so, and 'Recharger' takes the new build without losing the title typed and not
    // saved, nor the content typed in the live editor.
    await page.goto(`${app.url}/concepts/${concept.id}/edit`);
    const editor = page.getByRole('textbox', { name: 'Contenu' });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type("Elle produit l'ATP.");
    await page.getByRole('textbox', { name: 'Titre *' }).fill('Mitochondrie (brouillon)');
    app.deploy("\nself.addEventListener('message', (event) => event.data === 'build?' && event.source.postMessage('build 2'));\n");
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await page.getByText('Nouvelle version disponible').waitFor();
    // The banner is fixed to the bottom of the phone's screen: scrolled to the end, the form's
    // last button shows above it, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const submit = page.getByRole('button', { name: 'Mettre à jour' });
    const [formEnd, bannerTop] = await Promise.all([submit.boundingBox(), page.getByRole('status').filter({ hasText: 'Nouvelle version disponible' }).boundingBox()]);
    expect(formEnd!.y + formEnd!.height).toBeLessThanOrEqual(bannerTop!.y);
    await screenshot(page, 'offline-update-banner');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Recharger' }).click();
    await reloaded;
    await editor.getByText("Elle produit l'ATP.").waitFor();
    expect(await page.getByRole('textbox', { name: 'Titre *' }).inputValue()).toBe('Mitochondrie (brouillon)');
    expect(await page.getByText('Nouvelle version disponible').count()).toBe(0);
    const build = await page.evaluate(
      () =>
        new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), { once: true });
          navigator.serviceWorker.controller!.postMessage('build?');
        }),
    );
    expect(build).toBe('build 2');
    await page.goto(`${app.url}/daily`);
    await page.getByTestId('daily-title').waitFor();
    expect(await page.getByTestId('offline-copy').count()).toBe(0);

    // No network at all: the app opens signed in from the service worker's copy, and each
    // screen shows what was kept, saying how old it is.
    await context.setOffline(true);
    await page.goto(`${app.url}/concepts`);
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Mitochondrie' }).first().waitFor();
    // The cached page itself shows the loading state before any script runs: never a blank screen.
    expect((await beforeScripts(page))?.root).toBe('Chargement...');
    expect(await page.getByTestId('offline-copy').textContent()).toMatch(/^Copie hors ligne — Enregistré (à l'instant|il y a \d+ min)$/);
    await screenshot(page, 'offline-concepts');
    await page.getByRole('link', { name: 'Mitochondrie' }).first().click();
    await page.getByRole('heading', { name: 'Mitochondrie' }).waitFor();
    await page.getByText('La centrale énergétique de la cellule.').waitFor();
    await screenshot(page, 'offline-concept');
    await page.goto(`${app.url}/daily`);
    await page.getByTestId('daily-title').waitFor();
    await page.getByTestId('offline-copy').waitFor();
    await screenshot(page, 'offline-daily');
    // A screen never read on this device says it needs the server instead of spinning.
    await page.goto(`${app.url}/constellations/1/concepts`);
    await page.getByText('Hors ligne : cet écran a besoin du serveur', { exact: false }).first().waitFor();
    await context.setOffline(false);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
    await app.close();
  });
});

describe('reviewing offline', () => {
  it('reviews due cards with no network, undoes one, keeps the queue across a reload, runs a study session on the kept cards (S then U brings a card back), warns before a logout, and uploads it once back online', async () => {
    const ada = await createAccount(stack.url, 'rev');
    const capitals = ['Pérou', 'Chili', 'Bolivie', 'Équateur', 'Uruguay', 'Paraguay', 'Guyana'];
    const cards = new Map<string, number>();
    for (const country of capitals) {
      const concept = (await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: `Amérique du Sud — ${country}`, content: doc(country) } })).body;
      const card = (await api(stack.url, 'POST', `/api/concepts/${concept.id}/flashcards`, { token: ada.token, json: { question: `Capitale : ${country} ?`, answer: '…' } })).body;
      cards.set(`Capitale : ${country} ?`, card.id);
    }
    const { context, page } = await signedInPage(browser, stack.url, ada.token, { width: 390, height: 844 });
    await page.goto(`${stack.url}/dashboard`);
    await controlledBySw(page);
    // One online visit of the cards page, under the service worker: the due cards are kept.
    const dueKept = page.waitForResponse((res) => res.url().includes('/api/flashcards/due') && res.ok());
    await page.goto(`${stack.url}/flashcards`);
    await dueKept;
    await page.getByRole('button', { name: 'Réviser les cartes dues' }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Réviser les cartes dues' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
    const answered: string[] = [];
    const answer = async (rating: RegExp) => {
      answered.push((await dialog.getByTestId('review-question').textContent())!);
      await dialog.getByRole('button', { name: 'Afficher la Réponse' }).click();
      await dialog.getByRole('button', { name: rating }).click();
    };
    for (let i = 1; i <= 5; i++) {
      await dialog.getByText(`Carte ${i} / 7`).waitFor();
      await answer(/^Bon/);
    }
    const status = page.getByTestId('sync-status');
    await status.getByText('5 modifications en attente — jamais synchronisé sur cet appareil').waitFor();
    await screenshot(page, 'offline-review-queued');

    // Undo takes the last answer out of the queue; the card comes back and is answered again.
    await dialog.getByRole('button', { name: '↶ Défaire' }).click();
    await status.getByText('4 modifications en attente', { exact: false }).waitFor();
    await dialog.getByText('Carte 5 / 7').waitFor();
    const undone = answered.pop()!;
    expect(await dialog.getByTestId('review-question').textContent()).toBe(undone);
    await answer(/^Difficile/);
    await status.getByText('5 modifications en attente', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();

    // Still offline, a new page: the queue is still there, and only the unanswered cards are due here.
    await page.reload();
    await status.getByText('5 modifications en attente', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Réviser les cartes dues' }).click();
    await dialog.getByText('Carte 1 / 2').waitFor();
    expect(answered).not.toContain(await dialog.getByTestId('review-question').textContent());
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();

    // A study session started offline runs on the kept due cards: the two cards left.
    await page.goto(`${stack.url}/study/select-concepts`);
    await page.getByTestId('due-count').getByText("2 carte(s) à réviser aujourd'hui").waitFor();
    await page.getByRole('button', { name: 'Commencer la révision' }).click();
    await page.waitForURL(`${stack.url}/study/session/hors-ligne`);
    await page.getByTestId('offline-session').waitFor();
    await page.getByTestId('session-counter').getByText('Carte 1 / 2').waitFor();
    const question = page.getByTestId('session-question');
    const inSession = [(await question.textContent())!];
    expect(answered).not.toContain(inSession[0]);
    // S suspends it (queued), and U pressed straight after (while the suspension is being kept) brings it back and takes the action off the device.
    await page.keyboard.press('s');
    await page.keyboard.press('u');
    await page.getByText('Carte suspendue.').waitFor();
    await question.filter({ hasText: inSession[0] }).waitFor();
    await status.getByText('5 modifications en attente', { exact: false }).waitFor();
    await page.getByRole('button', { name: '↶ Défaire' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Voir la réponse' }).click();
    await screenshot(page, 'offline-study-session');
    await page.getByRole('button', { name: /^Facile/ }).click();
    await question.filter({ hasNotText: inSession[0] }).waitFor();
    inSession.push((await question.textContent())!);
    await page.getByRole('button', { name: 'Voir la réponse' }).click();
    await page.getByRole('button', { name: /^Facile/ }).click();
    await page.getByText('Session terminée !').waitFor();
    await status.getByText('7 modifications en attente', { exact: false }).waitFor();
    await page.waitForURL(`${stack.url}/study`);

    // A logout now says what it would lose, and can be called off.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.getByRole('dialog', { name: 'Se déconnecter ?' }).getByText('7 révisions hors ligne seront perdues', { exact: false }).waitFor();
    await screenshot(page, 'offline-review-logout-warning');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Fermer le menu' }).click();

    // Back online: the queue drains by itself, and the server has each answer once, at the time it was given.
    const backOnline = Date.now();
    await context.setOffline(false);
    await status.getByText('Modifications synchronisées', { exact: false }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'offline-review-synced');
    for (const [question, id] of cards) {
      const card = (await api(stack.url, 'GET', `/api/flashcards/${id}`, { token: ada.token })).body;
      if (inSession.includes(question)) {
        // 'Facile' in the offline session: past the learning steps at once; the suspension undone never reached the server.
        expect([card.reps, card.state, card.suspended], question).toEqual([1, 'Review', false]);
        expect(Date.parse(card.last_review), question).toBeLessThan(backOnline);
        continue;
      }
      if (!answered.includes(question)) {
        expect(card.reps, question).toBe(0);
        continue;
      }
      expect(card.reps, question).toBe(1);
      expect(Date.parse(card.last_review), question).toBeLessThan(backOnline);
      // 'Bon' on a new card: the 10-minute step; the undone card was answered 'Difficile' instead, a shorter one.
      const step = Date.parse(card.due) - Date.parse(card.last_review);
      if (question === answered.at(-1)) expect(step, question).toBeLessThan(10 * 60_000);
      else expect(step, question).toBe(10 * 60_000);
    }
    expect(answered).toHaveLength(5);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('an answer whose reply was lost', () => {
  it('is queued with the id it was sent with, and the server keeps it once', async () => {
    const ada = await createAccount(stack.url, 'lost');
    const concept = (await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Capitales', content: doc('Pérou') } })).body;
    const card = (await api(stack.url, 'POST', `/api/concepts/${concept.id}/flashcards`, { token: ada.token, json: { question: 'Capitale du Pérou ?', answer: 'Lima' } })).body;
    const { context, page } = await signedInPage(browser, stack.url, ada.token);
    await page.goto(`${stack.url}/flashcards`);
    // The server logs the answer, but its reply never reaches the page.
    let lost = 0;
    await page.route('**/api/flashcards/*/review', async (route) => {
      if (lost++ > 0) return route.continue();
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Réviser les cartes dues' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
    await dialog.getByRole('button', { name: 'Afficher la Réponse' }).click();
    await dialog.getByRole('button', { name: /^Bon/ }).click();
    // Kept as an answer given offline, then uploaded: the server had it already.
    await page.getByTestId('sync-status').getByText('Modifications synchronisées', { exact: false }).waitFor({ timeout: 60_000 });
    const stored = (await api(stack.url, 'GET', `/api/flashcards/${card.id}`, { token: ada.token })).body;
    expect(stored.reps).toBe(1);
    expect(lost).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('creating offline', () => {
  it('keeps a concept and a note block created with no network across a reload, names them before a logout, and creates each once back online, even when a reply is lost', async () => {
    const ada = await createAccount(stack.url, 'mk');
    // A note written on another device, never opened on this one.
    const written = (await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: '2026-01-15' } })).body;
    await api(stack.url, 'POST', `/api/notes/${written.id}/blocks`, { token: ada.token, json: { text: JSON.stringify(doc('Écrit sur le téléphone.')), order_idx: 0 } });
    const { context, page } = await signedInPage(browser, stack.url, ada.token);
    await page.goto(`${stack.url}/dashboard`);
    await controlledBySw(page);
    await page.goto(`${stack.url}/concepts`);
    await page.getByRole('heading', { name: 'Concepts' }).waitFor();

    // No network: the quick creation keeps the concept on this device.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Hors ligne', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Création rapide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Concept' });
    await dialog.getByLabel('Concept Title *').fill('Photosynthèse');
    await dialog.getByLabel('Content / Description').fill('La lumière devient du sucre.');
    await dialog.getByLabel('Tags').fill('biologie');
    await dialog.getByRole('button', { name: 'Create Concept' }).click();
    await dialog.waitFor({ state: 'detached' });
    const queued = page.getByTestId('queued-creations');
    await queued.getByText('Photosynthèse').waitFor();
    await queued.getByText("En attente d'envoi — gardé sur cet appareil").waitFor();
    const status = page.getByTestId('sync-status');
    await status.getByText('1 modification en attente — jamais synchronisé sur cet appareil').waitFor();
    await screenshot(page, 'offline-create-concept');

    // A note never read on this device: it says it could not be read (never 'No blocks yet'),
    // offers no 'Add Block', and the block written is kept for its date.
    await page.goto(`${stack.url}/daily/2026-01-15`);
    await page.getByTestId('daily-title').waitFor();
    await page.getByTestId('daily-unreachable').getByText("Hors ligne : cette note n'a jamais été ouverte sur cet appareil", { exact: false }).waitFor();
    expect(await page.getByText('No blocks yet', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Block' }).isDisabled()).toBe(true);
    const composer = page.getByTestId('offline-block-composer');
    await composer.getByLabel('Nouveau bloc (hors ligne)').fill('Écrit dans le train, sans réseau.');
    await composer.getByRole('button', { name: 'Garder le bloc' }).click();
    await page.getByTestId('queued-creations').getByText('Écrit dans le train, sans réseau.').waitFor();
    await status.getByText('2 modifications en attente', { exact: false }).waitFor();

    // Still offline, a new page: both are still there.
    await page.reload();
    await page.getByTestId('queued-creations').getByText('Écrit dans le train, sans réseau.').waitFor();
    await status.getByText('2 modifications en attente', { exact: false }).waitFor();
    await screenshot(page, 'offline-create-block');
    await page.goto(`${stack.url}/concepts`);
    await page.getByTestId('queued-creations').getByText('Photosynthèse').waitFor();

    // A logout names what it would lose (the drawer is open on a desktop).
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.getByRole('dialog', { name: 'Se déconnecter ?' }).getByText('Le concept « Photosynthèse » et un bloc de la note du 15/01/2026, créés hors ligne, seront perdus.').waitFor();
    await screenshot(page, 'offline-create-logout-warning');
    await page.getByRole('button', { name: 'Annuler' }).click();

    // Back online, the first creation's reply is lost on the way back: the server made the
    // concept, the device does not know it and sends it again.
    let lost = 0;
    await page.route('**/api/concepts', async (route) => {
      if (route.request().method() !== 'POST' || lost++ > 0) return route.continue();
      await route.fetch();
      return route.abort('connectionreset');
    });
    await context.setOffline(false);
    await status.getByText('Modifications synchronisées', { exact: false }).waitFor({ timeout: 60_000 });
    expect(lost).toBeGreaterThanOrEqual(2);
    await page.getByRole('link', { name: 'Photosynthèse' }).first().waitFor();
    expect(await page.getByTestId('queued-creations').count()).toBe(0);

    // The server has each creation once.
    const found = (await api(stack.url, 'GET', '/api/concepts?skip=0&limit=50', { token: ada.token })).body.concepts.filter((c: { title: string }) => c.title === 'Photosynthèse');
    expect(found).toHaveLength(1);
    expect(found[0].tags.map((t: { name: string }) => t.name)).toEqual(['biologie']);
    const note = (await api(stack.url, 'GET', '/api/notes?note_date=2026-01-15', { token: ada.token })).body;
    // Added after the block the device could not see: nothing of either is lost.
    expect(note.blocks).toHaveLength(2);
    expect(JSON.stringify(note.blocks[0].text)).toContain('Écrit sur le téléphone.');
    expect(JSON.stringify(note.blocks[1].text)).toContain('Écrit dans le train, sans réseau.');

    // A second device sees both.
    const other = await signedInPage(browser, stack.url, ada.token, { width: 390, height: 844 });
    await other.page.goto(`${stack.url}/daily/2026-01-15`);
    await other.page.getByText('Écrit dans le train, sans réseau.').first().waitFor();
    await other.page.getByText('Écrit sur le téléphone.').first().waitFor();
    await other.page.goto(`${stack.url}/concepts`);
    await other.page.getByRole('link', { name: 'Photosynthèse' }).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
