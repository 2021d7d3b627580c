/**
 * Views meeting slow or malformed answers: /import shows its form at once while
 * the preferences are slow, then takes their default category; a galaxy star without a
 * title is drawn as 'Sans titre' instead of crashing the page.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { pageErrors, screenshot, signedInPage, useBrowser } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('views on slow or odd answers', () => {
  it('shows /import at once while the preferences are slow, then fills in the default category', async () => {
    const ada = await createAccount(stack.url, 'slowprefs');
    await api(stack.url, 'PUT', '/api/users/me/preferences', { token: ada.token, json: { default_concept_category: 'Zoologie' } });
    const { context, page } = await signedInPage(browser, stack.url, ada.token, { width: 390, height: 844 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/me/preferences', async (route: Route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    });
    await page.goto(`${stack.url}/import`);
    await page.getByRole('heading', { level: 1, name: 'Importer du contenu' }).waitFor();
    await page.getByLabel('Titre').fill('Le lynx');
    expect(await page.getByLabel('Catégorie').inputValue()).toBe('');
    await screenshot(page, 'import-before-preferences-phone');
    release();
    await expect.poll(() => page.getByLabel('Catégorie').inputValue()).toBe('Zoologie');
    expect(await page.getByLabel('Titre').inputValue()).toBe('Le lynx');
    await context.close();
  });

  it("draws a star without a title as 'Sans titre' instead of crashing", async () => {
    const ada = await createAccount(stack.url, 'untitled');
    await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Étoile nommée' } });
    const { context, page } = await signedInPage(browser, stack.url, ada.token);
    await page.route('**/api/concepts/all-for-graph', async (route) => {
      const res = await route.fetch();
      const stars = (await res.json()) as Record<string, unknown>[];
      await route.fulfill({ response: res, json: [...stars, { ...stars[0], id: 999_999, title: null, mastery_level: 'beaucoup', x: 40, y: 40, z: 40 }] });
    });
    await page.goto(`${stack.url}/galaxy`);
    const search = page.getByPlaceholder('Search concept...');
    await search.waitFor();
    await search.fill('sans');
    await page.getByRole('option', { name: /Sans titre/ }).waitFor();
    expect(await page.getByText('Oops! Something went wrong').count()).toBe(0);
    await screenshot(page, 'galaxy-untitled-star');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
