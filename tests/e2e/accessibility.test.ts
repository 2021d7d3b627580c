/**
 * WCAG 2.2 AA with axe-core: every route of the route table, signed in with a person's
 * realistic data, the dialogs people open most and the embedded editor pages (inside a
 * host page, as the phone app shows them), in both themes, at desktop (1280x800) and phone
 * (390x844) size. Each failing screen is listed with its rules and nodes, so a regression
 * says where to look; failing screens are photographed into the artifacts.
 *
 * Kept cheap for CI: one seeded person; one page per size (the two sizes run side by side)
 * that moves between screens the way a link does, so the app is loaded once, not once per
 * screen. Each screen is checked in both themes without reloading: the person's theme is
 * 'auto' and the test flips the system's colour scheme, which the app follows live
 * (lib/theme.ts) and paints exactly as an explicit choice. A theme changes only colours (the
 * palette is CSS custom properties under `[data-theme]`; no component reads it), so every
 * rule runs in the theme showing and the colour rules run again in the other. The pages run
 * with reduced motion, so a screen's final colours are there at once (no transition to sit
 * out) and nothing waits on a timer. A11Y_SCREENSHOTS=1 also photographs a few passing
 * screens in each theme and size, to look at. Besides axe's rules, each screen's icon buttons
 * must have the French name their tooltip shows (iconButtonMismatches).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it, beforeAll } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { SCREENSHOTS, useBrowser, newPage, pageToday, screenshot } from './browser';
import { startHostServer } from './host/server';
import { axeViolations, COLOUR_RULES, iconButtonMismatches, type Violation } from './axe';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

interface Seed {
  account: Account;
  conceptId: number;
  linkedId: number;
  constellationId: number;
  sessionId: number;
  endedSessionId: number;
  methodSessionId: number;
  feynmanSessionId: number;
  cornellSessionId: number;
  compositeSessionId: number;
  compositeEndedId: number;
  today: string;
}

async function post(account: Account, path: string, json: unknown) {
  const res = await api(stack.url, 'POST', path, { token: account.token, json });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A person a few days into the app: linked and tagged concepts, cards with reviews, a constellation, a daily note, sessions. */
async function seed(): Promise<Seed> {
  const account = await createAccount(stack.url, 'a11y');
  const linked = await post(account, '/api/concepts', { title: 'Chlorophylle', content: 'Pigment vert qui capte la lumière.', tag_names: ['biologie'] });
  const concept = await post(account, '/api/concepts', {
    title: 'Photosynthèse',
    content: 'La photosynthèse convertit la lumière en énergie chimique grâce à la [[Chlorophylle]]. #biologie',
    tag_names: ['biologie', 'plantes'],
    parent_ids: [linked.id],
  });
  await post(account, '/api/concepts', { title: 'Mitochondrie', content: 'Centrale énergétique de la cellule.', tag_names: ['cellule'] });
  const cards = [];
  for (const [question, answer] of [
    ['Où a lieu la photosynthèse ?', 'Dans les chloroplastes'],
    ['Quel gaz est absorbé ?', 'Le dioxyde de carbone'],
    ['Quel pigment capte la lumière ?', 'La chlorophylle'],
  ]) cards.push(await post(account, `/api/concepts/${concept.id}/flashcards`, { question, answer, tags: ['biologie'] }));
  const constellation = await post(account, '/api/constellations', { name: 'Biologie', icon: '🌿' });
  await post(account, `/api/constellations/${constellation.id}/concepts`, { concept_ids: [concept.id, linked.id] });
  const today = pageToday();
  const note = await post(account, '/api/notes', { date: today });
  await post(account, `/api/notes/${note.id}/blocks`, { text: 'Relu le cours sur la [[Photosynthèse]] #biologie', order_idx: 0 });
  const ended = await post(account, '/api/study-sessions', { method_type: 'FLASHCARDS', concept_ids: [concept.id] });
  await post(account, `/api/study-sessions/${ended.id}/flashcards/${cards[0].id}/review`, { rating: 3, duration_ms: 4000 });
  await post(account, `/api/study-sessions/${ended.id}/flashcards/${cards[1].id}/review`, { rating: 1, duration_ms: 9000 });
  const ended2 = await api(stack.url, 'PUT', `/api/study-sessions/${ended.id}/end`, { token: account.token });
  if (ended2.status !== 200) throw new Error(`end session: ${ended2.status}`);
  const session = await post(account, '/api/study-sessions', { method_type: 'FLASHCARDS', concept_ids: [concept.id] });
  const method = await post(account, '/api/study-sessions', { method_type: 'BLURTING', concept_ids: [concept.id] });
  const feynman = await post(account, '/api/study-sessions', { method_type: 'FEYNMAN', concept_ids: [concept.id] });
  const cornell = await post(account, '/api/study-sessions', { method_type: 'CORNELL', concept_ids: [concept.id] });
  // A Composite session on its Flashcards step, and one ended with a result per step.
  const composite = await post(account, '/api/study-sessions', { method_type: 'COMPOSITE', concept_ids: [concept.id], steps: ['FLASHCARDS', 'BLURTING'] });
  const compositeEnded = await post(account, '/api/study-sessions', { method_type: 'COMPOSITE', concept_ids: [concept.id], steps: ['BLURTING', 'FLASHCARDS'] });
  const blurted = await api(stack.url, 'PUT', `/api/study-sessions/${compositeEnded.id}/results/blurting`, { token: account.token, json: { concept_id: concept.id, text: 'La lumière devient énergie.' } });
  const stepped = await api(stack.url, 'PUT', `/api/study-sessions/${compositeEnded.id}/results/flashcards`, { token: account.token, json: { concept_id: concept.id } });
  const closed = await api(stack.url, 'PUT', `/api/study-sessions/${compositeEnded.id}/end`, { token: account.token });
  if (blurted.status !== 200 || stepped.status !== 200 || closed.status !== 200) throw new Error(`composite session: ${blurted.status} ${stepped.status} ${closed.status}`);
  const notes = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dans les chloroplastes des feuilles.' }] }] };
  const sheet = await api(stack.url, 'PUT', `/api/concepts/${concept.id}/cornell-sheet`, {
    token: account.token,
    json: { version: 0, rows: [{ cue: 'Où a lieu la photosynthèse ?', notes }, { cue: 'Chlorophylle', notes: null }], summary: 'La lumière devient sucre.' },
  });
  if (sheet.status !== 200) throw new Error(`cornell sheet: ${sheet.status}`);
  // 'auto' follows the system's colour scheme live: the test flips it to check both themes.
  const prefs = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body;
  const saved = await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { ...prefs, theme: 'auto' } });
  if (saved.status !== 200) throw new Error(`preferences: ${saved.status}`);
  return {
    account,
    conceptId: concept.id,
    linkedId: linked.id,
    constellationId: constellation.id,
    sessionId: session.id,
    endedSessionId: ended.id,
    methodSessionId: method.id,
    feynmanSessionId: feynman.id,
    cornellSessionId: cornell.id,
    compositeSessionId: composite.id,
    compositeEndedId: compositeEnded.id,
    today,
  };
}

/** Waits for a screen to stop loading: its page shown and no loading text or spinner left. */
async function settle(frame: Frame): Promise<void> {
  await frame
    .waitForFunction(() => document.querySelector('#root')?.childElementCount && !/Chargement|Loading/.test(document.body.innerText), undefined, { timeout: 10_000 })
    .catch(() => {
      throw new Error('still loading after 10 s');
    });
}

const dialogOpen = (page: Page) => page.evaluate(() => !!document.querySelector('[role="dialog"]'));

/**
 * Opens a path in the signed-in shell the way a link does (the app's code is not loaded
 * again) and waits for the old screen to go. Screens drawn by one component are never
 * listed one after the other, so the old screen always goes.
 */
async function follow(page: Page, to: string): Promise<void> {
  if (await page.evaluate((p) => location.pathname + location.search === p, to)) return;
  await page.evaluate((p) => {
    document.querySelector('main > *')?.setAttribute('data-axe-previous', '');
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForFunction(() => !document.querySelector('[data-axe-previous]'), undefined, { timeout: 5_000 }).catch(() => {
    throw new Error(`the previous screen stayed after going to ${to}`);
  });
}

type Screen = {
  name: string;
  path: string;
  /** signed-out: a fresh load before signing in; embedded: inside the host page; same-screen: `open` on the last screen; otherwise a link within the shell. */
  kind?: 'signed-out' | 'embedded' | 'same-screen';
  open?: (page: Page) => Promise<void>;
};

/** In the order they are visited: no two neighbours in the shell are drawn by the same page component. */
function screensOf(s: Seed): Screen[] {
  const c = s.conceptId;
  // The settings tabs are one screen: the first opens by its address, the rest as a person switches tabs.
  const settingsTabs = ['Notifications', 'Study', 'Interface', 'Content', 'Data', 'Privacy'].map((tab, i) => ({
    name: `settings-${tab.toLowerCase()}`,
    path: `/settings?tab=${tab.toLowerCase()}`,
    open: i === 0 ? undefined : async (p: Page) => {
      await p.getByRole('tab', { name: tab }).click();
      await p.getByRole('tabpanel', { name: tab }).waitFor();
    },
    kind: i === 0 ? undefined : ('same-screen' as const),
  }));
  return [
    { name: 'login', path: '/login', kind: 'signed-out' },
    { name: 'register', path: '/register', kind: 'signed-out' },
    { name: 'dashboard', path: '/dashboard' },
    { name: 'concepts', path: '/concepts' },
    { name: 'concept-new', path: '/concepts/new' },
    { name: 'concept', path: `/concepts/${c}` },
    { name: 'concept-edit', path: `/concepts/${c}/edit` },
    { name: 'concept-review', path: `/concepts/${c}/flashcards/review` },
    { name: 'concept-cornell', path: `/concepts/${c}/cornell` },
    { name: 'concept-cornell-review', path: `/concepts/${c}/cornell`, kind: 'same-screen', open: async (p) => {
      // By keyboard, as a person may: Enter on 'Mode révision', then Space shows the notes.
      await p.getByRole('button', { name: 'Mode révision' }).focus();
      await p.keyboard.press('Enter');
      await p.getByRole('button', { name: 'Afficher mes notes' }).waitFor();
      await p.keyboard.press('Space');
      await p.getByTestId('cornell-review-notes').waitFor();
    } },
    { name: 'tag', path: '/tag/biologie' },
    { name: 'flashcards', path: '/flashcards' },
    { name: 'tags-name', path: '/tags/biologie' },
    { name: 'constellation', path: `/constellation/${s.constellationId}` },
    { name: 'tags', path: '/tags' },
    { name: 'constellation-concepts', path: `/constellations/${s.constellationId}/concepts` },
    { name: 'constellation-manager', path: '/constellation-manager' },
    { name: 'study', path: '/study' },
    { name: 'study-select', path: '/study/select-concepts' },
    { name: 'study-session', path: `/study/session/${s.sessionId}` },
    { name: 'study-method', path: `/study/method/${s.methodSessionId}` },
    { name: 'study-summary', path: `/study/summary/${s.endedSessionId}` },
    { name: 'study-method-feynman', path: `/study/method/${s.feynmanSessionId}` },
    { name: 'study-session-none', path: '/study/session' },
    { name: 'study-method-cornell', path: `/study/method/${s.cornellSessionId}` },
    { name: 'study-summary-none', path: '/study/summary' },
    { name: 'study-select-composite', path: '/study/select-concepts?method=COMPOSITE' },
    { name: 'study-method-composite', path: `/study/method/${s.compositeSessionId}` },
    { name: 'study-summary-composite', path: `/study/summary/${s.compositeEndedId}` },
    { name: 'daily', path: '/daily' },
    { name: 'concept-by-title', path: `/concepts/title/${encodeURIComponent('Respiration cellulaire')}` },
    { name: 'daily-date', path: `/daily/${s.today}` },
    { name: 'search', path: '/search?q=lumi%C3%A8re' },
    { name: 'hierarchy', path: '/explore-hierarchy' },
    { name: 'galaxy', path: '/galaxy' },
    { name: 'hierarchy-concept', path: `/explore-hierarchy/${c}` },
    { name: 'graph', path: '/graph' },
    { name: 'import', path: '/import' },
    ...settingsTabs,
    { name: 'not-found', path: '/no/such/page' },
    // The dialogs people open most (each closed with Escape before the next screen).
    { name: 'dialog-concept-form', path: '/concepts', open: (p) => p.getByRole('button', { name: 'Création rapide' }).click() },
    { name: 'dialog-review', path: `/concepts/${c}`, open: async (p) => {
      await p.getByRole('button', { name: 'Réviser les flashcards' }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Afficher la Réponse' }).click();
    } },
    { name: 'dialog-flashcard', path: `/concepts/${c}`, open: async (p) => {
      await p.getByRole('button', { name: 'Modifier', exact: true }).first().click();
      await p.getByRole('dialog', { name: 'Modifier la flashcard' }).waitFor();
    } },
    { name: 'dialog-constellation', path: '/constellation-manager', open: (p) => p.getByRole('button', { name: /Nouvelle constellation/ }).click() },
    { name: 'dialog-quick-switcher', path: '/dashboard', open: async (p) => {
      await p.keyboard.press('Control+k');
      await p.getByRole('dialog').waitFor();
      await p.keyboard.type('photo');
      // The concept found, not only 'search everywhere': the list changes no more while axe looks.
      await p.getByRole('option', { name: /Photosynthèse/ }).waitFor();
    } },
    // The embedded pages, in the host page that plays the phone app (it hands over the session).
    { name: 'minimal-editor', path: `/minimal-editor?conceptId=${c}`, kind: 'embedded' },
    { name: 'hybrid-editor', path: `/hybrid-editor?conceptId=${c}`, kind: 'embedded' },
    { name: 'tiptap-test', path: '/tiptap-test', kind: 'embedded' },
    { name: 'mobile-tiptap-test', path: '/mobile-tiptap-test', kind: 'embedded' },
  ];
}

const LOOK = process.env.A11Y_SCREENSHOTS === '1';
const LOOKED_AT = new Set(['dashboard', 'concept', 'study', 'daily', 'settings-interface', 'dialog-review', 'dialog-constellation', 'minimal-editor']);
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

describe('accessibility (axe, WCAG 2.2 A/AA)', () => {
  let s: Seed;
  let host: Awaited<ReturnType<typeof startHostServer>>;
  beforeAll(async () => {
    s = await seed();
    host = await startHostServer();
    return () => host.close();
  });

  for (const size of ['desktop', 'phone'] as const) {
    it.concurrent(`has no violations on any screen in either theme at ${size} size`, { timeout: 300_000 }, async ({ expect }) => {
      const { context, page } = await newPage(browser, SIZES[size]);
      // What the app remembers before any preference has loaded (the signed-out screens): follow the system.
      await context.addInitScript(() => localStorage.setItem('astrolabe.theme', 'auto'));
      let scheme: Theme = 'dark';
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const report: Record<string, Violation[] | string> = {};
      let signedIn = false;
      let loaded = false;
      try {
        for (const screen of screensOf(s)) {
          let frame = page.mainFrame();
          try {
            if (screen.kind === 'signed-out') {
              await page.goto(`${stack.url}${screen.path}`, { waitUntil: 'domcontentloaded' });
            } else if (screen.kind === 'embedded') {
              const query = new URLSearchParams({ app: stack.url, path: screen.path, token: s.account.token });
              await page.goto(`${host.url}/?${query}`, { waitUntil: 'domcontentloaded' });
              await page.waitForFunction((app) => (document.getElementById('webview') as HTMLIFrameElement | null)?.src.startsWith(app), stack.url);
              frame = (await (await page.$('#webview'))!.contentFrame())!;
            } else if (screen.kind !== 'same-screen') {
              if (!signedIn) {
                await page.evaluate((t) => localStorage.setItem('astrolabe.access_token', t), s.account.token);
                signedIn = true;
              }
              if (!loaded || (await dialogOpen(page))) {
                await page.goto(`${stack.url}${screen.path}`, { waitUntil: 'domcontentloaded' });
                loaded = true;
              } else {
                await follow(page, screen.path);
              }
            }
            await settle(frame);
            if (screen.open) {
              await screen.open(page);
              await settle(frame);
            }
            // Both themes, starting with the one showing: the app repaints when the scheme flips.
            const themes: readonly Theme[] = scheme === 'dark' ? THEMES : [...THEMES].reverse();
            for (const theme of themes) {
              if (theme !== scheme) {
                scheme = theme;
                await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
              }
              await frame.waitForFunction((t) => document.documentElement.dataset.theme === t, theme, { timeout: 5_000 });
              // Colours are read once the theme has painted, with no colour transition still running: under
              // reduced motion each lasts 0.01 ms, but an embedded page's frame could still be mid-way when
              // read (its footer read in the old theme's grey), so transitions are turned off for the check.
              await frame.evaluate(() => {
                if (document.getElementById('axe-no-transitions')) return;
                const style = document.createElement('style');
                style.id = 'axe-no-transitions';
                style.textContent = '*, *::before, *::after { transition: none !important; }';
                document.head.append(style);
              });
              await frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
              const full = theme === themes[0];
              const violations = full ? [...(await axeViolations(frame)), ...(await iconButtonMismatches(frame))] : await axeViolations(frame, COLOUR_RULES);
              if (violations.length) report[`${theme} ${screen.name}`] = violations;
              if (violations.length || (LOOK && LOOKED_AT.has(screen.name))) await screenshot(page, `a11y-${theme}-${size}-${screen.name}`);
            }
            if (screen.open && screen.kind !== 'same-screen') await page.keyboard.press('Escape');
          } catch (err) {
            report[screen.name] = `could not be checked: ${(err as Error).message.split('\n')[0]}`;
            await screenshot(page, `a11y-${size}-${screen.name}-unchecked`);
          }
        }
      } finally {
        await context.close();
      }
      const summary = Object.entries(report).map(([name, vs]) =>
        typeof vs === 'string' ? `${name}: ${vs}` : `${name}: ${vs.map((v) => `${v.id}×${v.nodes.length} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`).join('; ')}`,
      );
      writeFileSync(path.join(SCREENSHOTS, `../axe-${size}.json`), JSON.stringify(report, null, 1));
      expect(summary).toEqual([]);
    });
  }
});
