/**
 * Automatic optimisation of the FSRS parameters in Chromium: a person with 600
 * reviews and no fit opens the dashboard; when the page is idle it trains in its Web Worker,
 * the server keeps the better parameters, and a note gives the log loss before and after
 * until dismissed. Never while a study session is on screen; never with the switch off.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { a11yViolations } from './axe';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { restoreYearOfReviews } from './review-log';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const figures = (text: string) => [...text.matchAll(/(\d+,\d{4})/g)].map((m) => Number(m[1]!.replace(',', '.')));

describe('automatic optimisation of the FSRS parameters', () => {
  it('fits them when idle, keeps the better ones on the server and says so in a note until dismissed', async () => {
    const account = await createAccount(stack.url, 'autofit');
    await restoreYearOfReviews(stack.url, account);
    const before = await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token });
    expect(before.body).toMatchObject({ params: null, review_count: 600, auto_fit_due: true, fit: { id: 0 } });

    // A study session on screen: nothing is trained there.
    const { page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/study/session/999999`);
    await page.getByText(/^Erreur lors de la récupération des informations de session: /).waitFor();
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    expect((await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token })).body.fit.id).toBe(0);

    // The dashboard: the page trains when idle and says what it did.
    await page.goto(`${stack.url}/dashboard`);
    const note = page.getByTestId('auto-fit-note');
    await note.waitFor({ timeout: 120_000 });
    const [lossBefore, lossAfter] = figures((await note.textContent())!);
    expect(lossAfter).toBeLessThan(lossBefore!);
    await note.getByText('sur vos 600 révisions', { exact: false }).waitFor();
    const saved = (await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token })).body;
    expect(saved.params).toHaveLength(21);
    expect(saved.params).not.toEqual(saved.defaults);
    expect(saved).toMatchObject({ auto_fit_due: false, fit: { id: 1, review_count: 600 } });
    // The note's figures are the server's own reckoning.
    expect(saved.fit.loss_before).toBeCloseTo(lossBefore!, 4);
    expect(saved.fit.loss_after).toBeCloseTo(lossAfter!, 4);
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await screenshot(page, 'auto-fit-note');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await screenshot(page, 'auto-fit-note-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Dismissed, it stays gone; the parameters are not fitted again before due.
    await note.getByRole('button', { name: 'Compris' }).click();
    await note.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Système Actif').waitFor();
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    expect(await note.count()).toBe(0);
    expect((await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token })).body.fit.id).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("switched off in the settings' Study tab, it leaves the parameters alone", async () => {
    const account = await createAccount(stack.url, 'autofit');
    const { page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/settings`);
    await page.getByRole('tab', { name: 'Study' }).click();
    const toggle = page.getByRole('switch', { name: 'Automatic FSRS optimisation' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token })).body.auto_optimize, { timeout: 20_000 }).toBe(false);

    // 600 reviews since: a fit would be due with the switch on.
    await restoreYearOfReviews(stack.url, account);
    await page.goto(`${stack.url}/dashboard`);
    await page.getByText('Système Actif').waitFor();
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    expect((await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: account.token })).body).toMatchObject({ review_count: 600, auto_fit_due: false, fit: { id: 0 }, params: null });
    expect(await page.getByTestId('auto-fit-note').count()).toBe(0);
    await page.context().close();
  });
});
