/**
 * The rating buttons stay readable under the pointer in both themes: a hovered 'À revoir'
 * once turned dark red behind the light theme's dark ink (axe's colour contrast caught it
 * only when the pointer happened to rest there).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { axeViolations } from './axe';
import { useBrowser, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('rating buttons under the pointer', () => {
  it('keep their text readable when hovered, in the light and the dark theme', async () => {
    const account = await createAccount(stack.url, 'ratinghover');
    const concept = (await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Photosynthèse' } })).body;
    await api(stack.url, 'POST', `/api/concepts/${concept.id}/flashcards`, { token: account.token, json: { question: 'Quel pigment ?', answer: 'La chlorophylle' } });
    const prefs = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body;
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    for (const theme of ['light', 'dark'] as const) {
      expect((await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { ...prefs, theme } })).status).toBe(200);
      await page.goto(`${stack.url}/concepts/${concept.id}`);
      await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
      const dialog = page.getByRole('dialog', { name: 'Réviser les flashcards' });
      await dialog.getByTestId('review-question').waitFor();
      await page.keyboard.press('Space');
      await dialog.getByTestId('review-answer').waitFor();
      for (const name of ['À revoir', 'Difficile', 'Bon', 'Facile']) {
        await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).hover();
        const contrast = await axeViolations(page.mainFrame(), ['color-contrast']);
        expect(contrast.flatMap((v) => v.nodes.map((n) => `${theme} ${name}: ${n.target.join(' ')}`))).toEqual([]);
      }
      await dialog.getByRole('button', { name: /^À revoir/ }).hover();
      await screenshot(page, `rating-hover-${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
