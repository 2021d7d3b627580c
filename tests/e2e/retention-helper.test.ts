/**
 * The retention helper in Chromium: the person's 120 cards simulated for a year at
 * 20 desired retentions in the page's Web Worker, drawn as a curve with the recommended range
 * and as a table; clicking a point of the curve sets the desired retention.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { a11yViolations } from './axe';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { restoreYearOfReviews } from './review-log';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

async function simulate(page: Page) {
  await page.goto(`${stack.url}/study`);
  const helper = page.getByTestId('retention-helper');
  await helper.getByRole('button', { name: 'Simuler mes rétentions' }).click();
  await helper.getByTestId('retention-result').waitFor({ timeout: 60_000 });
  // The chart has drawn its points.
  await page.waitForFunction(() => document.querySelector<HTMLCanvasElement>('[data-testid="retention-chart"]')?.dataset.points);
  return helper;
}

describe('the retention helper', () => {
  it('simulates 20 retentions, shows the curve, the recommended range and a table, and a click on a point sets the desired retention', async () => {
    const account = await createAccount(stack.url, 'retention');
    // The automatic optimisation stays out of the way: the simulation uses the parameters as they are.
    expect((await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { auto_optimize: false } })).status).toBe(200);
    await restoreYearOfReviews(stack.url, account);
    const { page } = await signedInPage(browser, stack.url, account.token);
    const helper = await simulate(page);
    await helper.getByTestId('current-retention').getByText('90 %').waitFor();
    const range = (await helper.getByTestId('retention-range').textContent())!;
    expect(range).toMatch(/^(Plage recommandée \(zone verte\) : \d+ % à \d+ %|Rétention recommandée \(zone verte\) : \d+ %) — entre 80 % et 95 %/);
    for (const shown of await helper.getByTestId('retention-range').locator('strong').allTextContents()) {
      expect(Number.parseInt(shown, 10)).toBeGreaterThanOrEqual(80);
      expect(Number.parseInt(shown, 10)).toBeLessThanOrEqual(95);
    }

    // The table holds the 20 points, the workload rising with the retention.
    await helper.getByText('Voir en tableau').click();
    const rows = helper.locator('tbody tr');
    expect(await rows.count()).toBe(20);
    const perDay = async (i: number) => Number((await rows.nth(i).locator('td').first().textContent())!.replace(/\s/g, '').replace(',', '.'));
    expect(await perDay(19)).toBeGreaterThan(await perDay(0));
    expect(await rows.nth(0).locator('th').textContent()).toContain('70 %');
    expect(await rows.nth(19).locator('th').textContent()).toContain('97 %');
    expect(await helper.getByRole('button', { name: 'Choisie' }).count()).toBe(1);
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await screenshot(page, 'retention-helper');

    // A click on the curve's 80 % point (the 8th).
    const canvas = helper.getByTestId('retention-chart');
    const points = JSON.parse((await canvas.getAttribute('data-points'))!) as [number, number][];
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + points[7]![0], box.y + points[7]![1]);
    await page.getByText('Rétention souhaitée réglée sur 80 % : vos prochaines révisions la visent.').waitFor();
    await helper.getByTestId('current-retention').getByText('80 %').waitFor();
    expect((await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body.desired_retention).toBe(0.8);
    expect(await rows.nth(7).getByRole('button', { name: 'Choisie' }).count()).toBe(1);

    // The table's buttons do the same, by keyboard.
    await rows.nth(14).getByRole('button', { name: 'Choisir 90 %' }).focus();
    await page.keyboard.press('Enter');
    await helper.getByTestId('current-retention').getByText('90 %').waitFor();
    expect((await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body.desired_retention).toBe(0.9);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    const phone = (await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 })).page;
    const onPhone = await simulate(phone);
    await onPhone.scrollIntoViewIfNeeded();
    await screenshot(phone, 'retention-helper-phone');
    expect(await a11yViolations(phone.mainFrame())).toEqual([]);
    await phone.context().close();
  });

  it('says when there is nothing to simulate', async () => {
    const account = await createAccount(stack.url, 'retention');
    const { page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/study`);
    await page.getByRole('button', { name: 'Simuler mes rétentions' }).click();
    await page.getByText("Aucune carte à simuler : créez des flashcards et révisez-les d'abord.").waitFor();
    await page.context().close();
  });
});
