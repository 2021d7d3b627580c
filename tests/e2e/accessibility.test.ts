/**
 * WCAG 2.2 AA with axe-core: every route of the route table, signed in with a
 * person's realistic data, and the dialogs people open most, in both themes, at desktop
 * (1280x800) and phone (390x844) size. One browser context per theme and size; one seeded
 * person for all of them. Each failing screen is listed with its rules and nodes, so a
 * regression says where to look; a screenshot of every screen lands in the artifacts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, inject, it, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { SCREENSHOTS, useBrowser, newPage, screenshot } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's violations for what the page shows now (injected once per document). */
async function axeViolations(page: Page): Promise<Violation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
}

interface Seed {
  account: Account;
  conceptId: number;
  linkedId: number;
  constellationId: number;
  sessionId: number;
  endedSessionId: number;
  methodSessionId: number;
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
  const today = new Date().toISOString().slice(0, 10);
  const note = await post(account, '/api/notes', { date: today });
  await post(account, `/api/notes/${note.id}/blocks`, { text: 'Relu le cours sur la [[Photosynthèse]] #biologie', order_idx: 0 });
  const ended = await post(account, '/api/study-sessions', { method_type: 'FLASHCARDS', concept_ids: [concept.id] });
  await post(account, `/api/study-sessions/${ended.id}/flashcards/${cards[0].id}/review`, { rating: 3, duration_ms: 4000 });
  await post(account, `/api/study-sessions/${ended.id}/flashcards/${cards[1].id}/review`, { rating: 1, duration_ms: 9000 });
  const ended2 = await api(stack.url, 'PUT', `/api/study-sessions/${ended.id}/end`, { token: account.token });
  if (ended2.status !== 200) throw new Error(`end session: ${ended2.status}`);
  const session = await post(account, '/api/study-sessions', { method_type: 'FLASHCARDS', concept_ids: [concept.id] });
  const method = await post(account, '/api/study-sessions', { method_type: 'BLURTING', concept_ids: [concept.id] });
  return { account, conceptId: concept.id, linkedId: linked.id, constellationId: constellation.id, sessionId: session.id, endedSessionId: ended.id, methodSessionId: method.id, today };
}

/** Waits for a screen to stop loading: its page shown and no loading text or spinner left. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#root')?.childElementCount && !/Chargement|Loading/.test(document.body.innerText), undefined, { timeout: 10_000 }).catch(() => undefined);
  // Let transitions (toasts sliding in, dialogs fading) finish before colours are measured.
  await page.waitForTimeout(200);
}

/**
 * Opens a path. Within the signed-in shell it navigates like a link does (the app's code is
 * not loaded again, which keeps this file's run short) and waits for the old page to go;
 * anything else is a fresh load.
 */
async function visit(page: Page, url: string, inShell: boolean): Promise<void> {
  const target = new URL(url);
  const sameScreen = await page.evaluate((p) => location.pathname === p, target.pathname).catch(() => false);
  if (!inShell || sameScreen) {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    return;
  }
  await page.evaluate((to) => {
    document.querySelector('main > *')?.setAttribute('data-axe-previous', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, target.pathname + target.search);
  // A screen drawn by the same component as the last one is updated in place: its marker stays.
  await page.waitForFunction(() => !document.querySelector('[data-axe-previous]'), undefined, { timeout: 2_000 }).catch(() => undefined);
}

type Screen = { name: string; path: string; open?: (page: Page) => Promise<void>; signedOut?: boolean };

function screensOf(s: Seed): Screen[] {
  const c = s.conceptId;
  const settingsTabs = ['Notifications', 'Study', 'Interface', 'Content', 'Data', 'Privacy'].map((tab) => ({ name: `settings-${tab.toLowerCase()}`, path: `/settings?tab=${tab.toLowerCase()}` }));
  return [
    { name: 'login', path: '/login', signedOut: true },
    { name: 'register', path: '/register', signedOut: true },
    { name: 'dashboard', path: '/dashboard' },
    { name: 'concepts', path: '/concepts' },
    { name: 'concept-new', path: '/concepts/new' },
    { name: 'concept', path: `/concepts/${c}` },
    { name: 'concept-edit', path: `/concepts/${c}/edit` },
    { name: 'concept-review', path: `/concepts/${c}/flashcards/review` },
    { name: 'flashcards', path: '/flashcards' },
    { name: 'tag', path: '/tag/biologie' },
    { name: 'tags-name', path: '/tags/biologie' },
    { name: 'tags', path: '/tags' },
    { name: 'constellation', path: `/constellation/${s.constellationId}` },
    { name: 'constellation-concepts', path: `/constellations/${s.constellationId}/concepts` },
    { name: 'constellation-manager', path: '/constellation-manager' },
    { name: 'study', path: '/study' },
    { name: 'study-select', path: '/study/select-concepts' },
    { name: 'study-session', path: `/study/session/${s.sessionId}` },
    { name: 'study-session-none', path: '/study/session' },
    { name: 'study-method', path: `/study/method/${s.methodSessionId}` },
    { name: 'study-summary', path: `/study/summary/${s.endedSessionId}` },
    { name: 'study-summary-none', path: '/study/summary' },
    { name: 'daily', path: '/daily' },
    { name: 'daily-date', path: `/daily/${s.today}` },
    { name: 'concept-by-title', path: `/concepts/title/${encodeURIComponent('Respiration cellulaire')}` },
    { name: 'search', path: '/search?q=lumi%C3%A8re' },
    { name: 'galaxy', path: '/galaxy' },
    { name: 'graph', path: '/graph' },
    { name: 'import', path: '/import' },
    ...settingsTabs,
    { name: 'hierarchy', path: '/explore-hierarchy' },
    { name: 'hierarchy-concept', path: `/explore-hierarchy/${c}` },
    { name: 'not-found', path: '/no/such/page' },
    // The dialogs people open most.
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
    } },
    // Last: the embedded pages take this tab for the phone app's web view.
    { name: 'minimal-editor', path: `/minimal-editor?conceptId=${c}` },
    { name: 'hybrid-editor', path: `/hybrid-editor?conceptId=${c}` },
    { name: 'tiptap-test', path: '/tiptap-test' },
    { name: 'mobile-tiptap-test', path: '/mobile-tiptap-test' },
  ];
}

const EMBEDDED = ['/minimal-editor', '/hybrid-editor', '/tiptap-test', '/mobile-tiptap-test'];
const LOOKED_AT = new Set(['dashboard', 'concept', 'study', 'daily', 'settings-interface', 'dialog-review', 'dialog-constellation']);
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

describe('accessibility (axe, WCAG 2.2 A/AA)', () => {
  let s: Seed;
  beforeAll(async () => {
    s = await seed();
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const size of ['desktop', 'phone'] as const) {
      it(`has no violations on any screen in the ${theme} theme at ${size} size`, { timeout: 600_000 }, async () => {
        const { context, page } = await newPage(browser, SIZES[size]);
        await page.goto(`${stack.url}/login`);
        await page.evaluate((t) => localStorage.setItem('astrolabe.theme', t), theme);
        const prefs = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: s.account.token })).body;
        await api(stack.url, 'PUT', '/api/users/me/preferences', { token: s.account.token, json: { ...prefs, theme } });
        const report: Record<string, Violation[] | string> = {};
        let signedIn = false;
        let inShell = false;
        try {
          for (const screen of screensOf(s)) {
            if (!screen.signedOut && !signedIn) {
              await page.evaluate((t) => localStorage.setItem('astrolabe.access_token', t), s.account.token);
              signedIn = true;
            }
            try {
              const embedded = EMBEDDED.some((p) => screen.path.startsWith(p));
              await visit(page, `${stack.url}${screen.path}`, inShell && !screen.open && !embedded);
              inShell = !screen.signedOut && !screen.open && !embedded;
              await settle(page);
              if (screen.open) {
                await screen.open(page);
                await settle(page);
              }
              const violations = await axeViolations(page);
              if (violations.length) report[screen.name] = violations;
            } catch (err) {
              report[screen.name] = `could not be checked: ${(err as Error).message.split('\n')[0]}`;
            }
            // A picture of each failing screen, and of a few to look at for how both themes read.
            if (report[screen.name] || LOOKED_AT.has(screen.name)) await screenshot(page, `a11y-${theme}-${size}-${screen.name}`);
          }
        } finally {
          await context.close();
        }
        const summary = Object.entries(report).map(([name, vs]) =>
          typeof vs === 'string' ? `${name}: ${vs}` : `${name}: ${vs.map((v) => `${v.id}×${v.nodes.length} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`).join('; ')}`,
        );
        writeFileSync(path.join(SCREENSHOTS, `../axe-${theme}-${size}.json`), JSON.stringify(report, null, 1));
        expect(summary).toEqual([]);
      });
    }
  }
});
