/**
 * The settings form in Chromium: each tab edited into one draft with the
 * 'Unsaved changes' badge, client-side limits, saving with the spec's toast, the light
 * theme on screen, one preference's effect per tab in the app, reset, and `auto` following
 * the system's colour scheme live.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { beforeScripts, recordBeforeScripts, useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

async function signedIn(account: Account, width = 1280, height = 800): Promise<Page> {
  const { page } = await signedInPage(browser, stack.url, account.token, { width, height });
  return page;
}

const badge = (page: Page) => page.getByTestId('unsaved-changes');
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

describe('the settings form', () => {
  it('edits every tab, saves, shows the light theme, takes effect in the app, and resets', async () => {
    const ada = await createAccount(stack.url, 'set');
    await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Zèbre' } });
    await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Abeille' } });
    const page = await signedIn(ada);
    await page.goto(`${stack.url}/settings`);
    // The dark theme is the page's own; the app marks it once its code runs, a frame after the first paint.
    await expect.poll(() => theme(page)).toBe('dark');

    // Notifications: sub-toggles follow the main switch.
    const review = page.getByRole('switch', { name: 'Review reminders' });
    expect(await review.isDisabled()).toBe(false);
    expect(await badge(page).count()).toBe(0);
    await page.getByRole('switch', { name: 'Enable notifications' }).click();
    expect(await review.isDisabled()).toBe(true);
    expect(await page.getByLabel('Daily reminder time').isDisabled()).toBe(true);
    await badge(page).waitFor();

    // Study: out-of-range duration is refused on the page before any request.
    await tab(page, 'Study');
    await page.getByLabel('Preferred study method').selectOption('BLURTING');
    const duration = page.getByLabel('Session duration limit (minutes)');
    await duration.fill('3');
    await page.getByText('Must be a whole number from 5 to 180 minutes').waitFor();
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await duration.fill('45');
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(false);

    // Interface and Content.
    await tab(page, 'Interface');
    await page.getByRole('radio', { name: 'Light' }).click();
    await page.getByLabel('Default concept view').selectOption('list');
    await page.getByLabel('Concept sort order').selectOption('title_asc');
    await tab(page, 'Content');
    await page.getByLabel('Default concept category').fill('Zoologie');
    await tab(page, 'Notifications');
    expect(await review.isDisabled()).toBe(true); // the draft survived the tab switches

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Preferences saved successfully!').waitFor();
    expect(await badge(page).count()).toBe(0);
    await expect.poll(() => theme(page)).toBe('light');
    // Ink on paper: the body text turns dark, the page background light.
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(27, 22, 48)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(245, 243, 251)');
    await screenshot(page, 'settings-light');
    const saved = await api(stack.url, 'GET', '/api/users/me/preferences', { token: ada.token });
    expect(saved.body).toMatchObject({ notifications_enabled: false, preferred_study_method: 'BLURTING', session_duration_limit: 45, theme: 'light', default_concept_category: 'Zoologie' });

    // Effects: /concepts in list view sorted by title, /study preselects Blurting, /import prefills the category.
    await recordBeforeScripts(page.context());
    await page.goto(`${stack.url}/concepts`);
    await page.getByText('Abeille').first().waitFor();
    expect(await page.getByRole('button', { name: 'Liste' }).getAttribute('aria-pressed')).toBe('true');
    const titles = await page.locator('[aria-label="Liste des concepts"] h2, [aria-label="Liste des concepts"] h3').allTextContents();
    expect(titles.findIndex((t) => t.includes('Abeille'))).toBeLessThan(titles.findIndex((t) => t.includes('Zèbre')));
    expect(await theme(page)).toBe('light'); // remembered across a full load
    // ... and already light, with the loading state on screen, before any of the app's scripts ran.
    expect(await beforeScripts(page)).toEqual({ theme: 'light', root: 'Chargement...' });
    await screenshot(page, 'concepts-light');
    await page.goto(`${stack.url}/study`);
    await expect.poll(() => page.locator('#method-BLURTING').getAttribute('aria-selected')).toBe('true');
    await page.goto(`${stack.url}/import`);
    await expect.poll(() => page.getByLabel('Catégorie').inputValue()).toBe('Zoologie');

    // Reset answers the defaults: dark again, notifications on.
    await page.goto(`${stack.url}/settings`);
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    // Confirmed first, naming the saved choices that go.
    const confirmReset = page.getByRole('dialog', { name: 'Reset every setting to its default?' });
    await confirmReset.getByText(/Your saved choices will be lost: .*theme: light/).waitFor();
    await screenshot(page, 'settings-reset-confirm');
    await confirmReset.getByRole('button', { name: 'Reset to Defaults' }).click();
    await page.getByText('Preferences reset to defaults!').waitFor();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.getByRole('switch', { name: 'Enable notifications' }).getAttribute('aria-checked')).toBe('true');
    expect(await badge(page).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('follows the system colour scheme live with the auto theme, on a phone', async () => {
    const bob = await createAccount(stack.url, 'set');
    const defaults = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: bob.token })).body;
    await api(stack.url, 'PUT', '/api/users/me/preferences', { token: bob.token, json: { ...defaults, theme: 'auto' } });
    const page = await signedIn(bob, 390, 844);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${stack.url}/settings?tab=interface`);
    await expect.poll(() => page.getByRole('radio', { name: 'Auto (system)' }).getAttribute('aria-checked')).toBe('true');
    expect(await theme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    await screenshot(page, 'settings-phone-auto-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    await screenshot(page, 'settings-phone-auto-dark');
  });
  it('shows the galaxy colour scheme in the legend, not the default gradient', async () => {
    const cy = await createAccount(stack.url, 'set');
    await api(stack.url, 'POST', '/api/concepts', { token: cy.token, json: { title: 'Étoile' } });
    const defaults = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: cy.token })).body;
    const page = await signedIn(cy);
    const swatches = () => page.getByTestId('legend-swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    await page.goto(`${stack.url}/galaxy`);
    await expect.poll(swatches).toHaveLength(5);
    const gradient = await swatches();
    await api(stack.url, 'PUT', '/api/users/me/preferences', { token: cy.token, json: { ...defaults, galaxy_color_scheme: 'monochrome' } });
    await page.goto(`${stack.url}/galaxy`);
    await expect.poll(swatches).toHaveLength(5);
    // The legend may show before the page has the person's preferences: it is recoloured when they come.
    // Monochrome runs #5c5c66 → #a6a6b0 → #ffffff: Novice (10 %) and Master (90 %) are greys.
    await expect.poll(async () => (await swatches())[0]).toBe('rgb(107, 107, 117)');
    const grey = await swatches();
    expect(grey[4]).toBe('rgb(237, 237, 239)');
    expect(grey).not.toEqual(gradient);
    await screenshot(page, 'galaxy-legend-monochrome');
  });
});
