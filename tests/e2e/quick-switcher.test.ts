/**
 * The quick switcher typed into at speed: 'Biolo' then Enter at once, before
 * the suggestions for 'Biolo' have arrived, opens the first of them — never a stale
 * suggestion for what was typed before, never nothing.
 */
import { describe, inject, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { useBrowser, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('the quick switcher', () => {
  it('opens the first result when Enter comes before the suggestions', async () => {
    const ada = await createAccount(stack.url, 'fastenter');
    const biologie = (await api(stack.url, 'POST', '/api/concepts', { token: ada.token, json: { title: 'Biologie' } })).body.id as number;
    // A note of today: the suggestions for an empty field are not empty.
    await api(stack.url, 'POST', '/api/notes', { token: ada.token, json: { date: '2026-01-05' } });
    const { context, page } = await signedInPage(browser, stack.url, ada.token);
    // The answer for 'Biolo' is held until Enter has been pressed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search/quick?**', async (route: Route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'Biolo') await held;
      await route.fallback();
    });
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('link', { name: 'Concepts' }).first().waitFor();
    const first = page.waitForResponse((r) => r.url().includes('/api/search/quick'));
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Aller à…' });
    await dialog.waitFor();
    await first;
    await dialog.getByRole('option').first().waitFor();
    const asked = page.waitForRequest((r) => r.url().includes('/api/search/quick') && r.url().includes('q=Biolo'));
    await dialog.getByRole('combobox').fill('Biolo');
    await page.keyboard.press('Enter');
    await asked;
    release();
    await page.waitForURL(`${stack.url}/concepts/${biologie}`);
    await page.getByRole('heading', { level: 1, name: 'Biologie' }).waitFor();
    await context.close();
  });
});
