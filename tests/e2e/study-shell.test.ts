/**
 * Defects once seen in the browser on a phone: the drawer has a backdrop and closes
 * once a link is chosen; the dashboard's tabs all fit; pages reached without an id say so
 * instead of showing the 404 page; the study screen links to all the flashcards.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAccount } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('phone shell and missing ids', () => {
  it('closes the phone drawer on a link or its backdrop, and explains missing ids', async () => {
    const account = await createAccount(stack.url, 'phone');
    const { page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 800 });
    await page.goto(`${stack.url}/study`);
    await page.getByRole('button', { name: 'Commencer Flashcards' }).waitFor();

    // The study screen links to every flashcard.
    expect(await page.getByRole('link', { name: 'Toutes mes flashcards' }).getAttribute('href')).toBe('/flashcards');

    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await nav.count()).toBe(0);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await nav.waitFor();
    await page.getByTestId('drawer-backdrop').waitFor();
    await screenshot(page, 'study-phone-drawer');
    await nav.getByRole('link', { name: 'Concepts' }).click();
    await page.waitForURL(`${stack.url}/concepts`);
    await nav.waitFor({ state: 'detached' });
    expect(await page.getByTestId('drawer-backdrop').count()).toBe(0);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await nav.waitFor();
    await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 400 } });
    await nav.waitFor({ state: 'detached' });

    // Every dashboard tab fits the phone's width, 'Prévisions' included.
    await page.goto(`${stack.url}/dashboard`);
    const forecastTab = page.getByRole('tab', { name: 'Prévisions' });
    await forecastTab.waitFor();
    const box = (await forecastTab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'study-phone-dashboard-tabs');

    // Without an id: the page's own message, not the 404 page.
    for (const [path, text] of [
      ['/study/session/', 'ID de session manquant.'],
      ['/study/summary/', 'Aucun ID de session fourni.'],
      ['/tags/', 'Nom de tag invalide ou manquant.'],
    ] as const) {
      await page.goto(`${stack.url}${path}`);
      await page.getByText(text).waitFor();
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
