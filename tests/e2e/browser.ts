/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Screenshots
 * go to tests/.artifacts/screenshots (git-ignored) to be looked at by a person.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const SCREENSHOTS = path.resolve('tests/.artifacts/screenshots');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // A microphone that plays a beep and asks no one: recording a card's sound is testable.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS, headless: true });
}

/**
 * Whether a test file's pages run the app's service worker. Off unless asked: installing it
 * precaches the whole build (about 200 files, 8 MB) in every new context, a quarter of a
 * browser test's CPU, and only the offline, install, update and push journeys are about it.
 */
const serviceWorkerByDefault = new WeakMap<Browser, boolean>();

/** One Chromium per test file: launched before its tests, closed after them. */
export function useBrowser(set: (browser: Browser) => void, opts: { serviceWorker?: boolean } = {}): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    serviceWorkerByDefault.set(browser, opts.serviceWorker ?? false);
    set(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  userAgent?: string;
  /** Run the app's service worker in this page (default: the file's choice in `useBrowser`). */
  serviceWorker?: boolean;
  /** The system's 'reduce motion' setting as this page reports it. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** Signed in from the start: this access token is in the origin's storage before any page opens. */
  signedIn?: { origin: string; token: string };
}

/** Where the app keeps the access token (web/src/lib/token-store.ts). */
const TOKEN_KEY = 'astrolabe.access_token';

/** The time zone every test page runs in. */
export const PAGE_TIME_ZONE = 'Europe/Paris';

/**
 * Today's date (YYYY-MM-DD) as a test page counts it: its own calendar day in PAGE_TIME_ZONE,
 * which is not the test process's day for an hour each night (the page's day starts first).
 */
export function pageToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PAGE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const serviceWorkers = (opts.serviceWorker ?? serviceWorkerByDefault.get(browser)) ? 'allow' : 'block';
  const storageState = opts.signedIn ? { cookies: [], origins: [{ origin: opts.signedIn.origin, localStorage: [{ name: TOKEN_KEY, value: opts.signedIn.token }] }] } : undefined;
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 }, userAgent: opts.userAgent, locale: 'fr-FR', timezoneId: PAGE_TIME_ZONE, serviceWorkers, reducedMotion: opts.reducedMotion, storageState });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  uncaught.set(page, errors);
  const trail: string[] = [];
  trails.set(page, trail);
  const opened = performance.now();
  const note = (line: string) => {
    trail.push(`${((performance.now() - opened) / 1000).toFixed(1)} s  ${line}`);
    if (trail.length > TRAIL_LINES) trail.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) note(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    // A navigation aborts what the page it leaves was still loading: not worth a line.
    const reason = req.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') note(`failed ${req.method()} ${req.url()} (${reason})`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') note(`console.${msg.type()}: ${msg.text().slice(0, 200)}`);
  });
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page };
}

/** Signs an open page in as the app does after a login: the token in its storage (on /login). */
export async function signIn(page: Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.evaluate(([key, t]) => localStorage.setItem(key, t), [TOKEN_KEY, token] as const);
}

/**
 * A new page signed in from the start: the token is put in the origin's storage when its
 * context is made, before any page runs. Set from a page just before it navigates away
 * (`signIn`), it was now and then missing in the next page, which then opened on /login
 * with no request refused (twice in CI, each a test's first page).
 */
export async function signedInPage(browser: Browser, url: string, token: string, opts: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  return newPage(browser, { ...opts, signedIn: { origin: new URL(url).origin, token } });
}

/** Waits until this page is controlled by the app's service worker (the first visit's worker claims it). */
export async function controlledBySw(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Uncaught errors each page has thrown since it opened. */
const uncaught = new WeakMap<Page, string[]>();
/**
 * What each page went through, for the failure report: its navigations (in-app ones too),
 * its answers of status 400 or more, its failed requests and console errors and warnings,
 * the last `TRAIL_LINES`.
 */
const trails = new WeakMap<Page, string[]>();
const TRAIL_LINES = 30;

export function pageTrail(page: Page): string[] {
  return trails.get(page) ?? [];
}
/** Pages still open, for the failure report in tests/e2e/setup.ts. */
export const openPages = new Set<Page>();

export function pageErrors(page: Page): string[] {
  return uncaught.get(page) ?? [];
}

/** What a page showed once its HTML was parsed, before any of the app's modules ran. */
export interface BeforeScripts {
  theme: string | null;
  root: string;
}

/**
 * Records, on every later load of the context's pages, the theme and the text of #root at
 * the moment the HTML is parsed: readyState turns 'interactive' before deferred and module
 * scripts run. Read it with `beforeScripts(page)`.
 */
export async function recordBeforeScripts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { __beforeScripts: BeforeScripts }).__beforeScripts = {
        theme: document.documentElement.dataset.theme ?? null,
        root: document.getElementById('root')?.textContent ?? '',
      };
    });
  });
}

export function beforeScripts(page: Page): Promise<BeforeScripts | undefined> {
  return page.evaluate(() => (window as unknown as { __beforeScripts?: BeforeScripts }).__beforeScripts);
}
