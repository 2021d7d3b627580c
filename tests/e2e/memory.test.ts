/**
 * Seeing one's memory, at phone size in one journey: the dashboard's review calendar with
 * its streaks, then the card's 'Historique' from the card list and from the review dialog,
 * then its answer typed and compared ('Taper la réponse'), strictly and with case and
 * accents ignored. The answers come from a JSON backup (the app's own import) dated relative
 * to now, so the calendar's last days are known.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { PAGE_TIME_ZONE, useBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { a11yViolations } from './axe';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const DAY = 86_400_000;

/** One card answered on days −9 to −6 (three times on −9), then yesterday and today: streaks of 4 and 2 days. */
async function restoreAnswers(account: Account, now: number) {
  const created = now - 30 * DAY;
  const days = [9, 9, 9, 8, 7, 6, 1, 0];
  const backup = {
    format_version: 1,
    concepts: [{ uid: 'c1', title: 'Capitales', created_at: created, updated_at: created }],
    flashcards: [{ uid: 'f1', concept_uid: 'c1', question: 'Capitale du Pérou ?', answer: 'Lima', due: now + 3 * DAY, stability: 4, difficulty: 5, elapsed_days: 0, scheduled_days: 3, learning_steps: 0, reps: days.length, lapses: 0, state: 2, last_review: now - 60_000, created_at: created, updated_at: created }],
    reviews: days.map((ago, i) => ({ uid: `r${i}`, flashcard_uid: 'f1', rating: 3, due: now, stability: 1 + i, difficulty: 5, elapsed_days: 1, last_elapsed_days: 0, scheduled_days: 1, learning_steps: 0, state: i === 0 ? 0 : 2, reviewed_at: now - ago * DAY - (days.length - i) * 60_000, card_before: {} })),
  };
  const form = new FormData();
  form.set('file', new File([JSON.stringify(backup)], 'backup.json', { type: 'application/json' }));
  const restored = await fetch(`${stack.url}/api/export-import/import/json?merge=true`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
  expect(restored.status).toBe(200);
}

describe('memory at phone size', () => {
  it("shows a year of reviews on the dashboard with its streaks, then a card's history, then the answer typed and compared", async () => {
    const account = await createAccount(stack.url, 'memory');
    await restoreAnswers(account, Date.now());
    // The days as the page counts them: in its own time zone, which every call of the page sends.
    const heatmapRes = await fetch(`${stack.url}/api/stats/heatmap`, { headers: { authorization: `Bearer ${account.token}`, 'x-time-zone': PAGE_TIME_ZONE } });
    const heatmap = await heatmapRes.json();
    const { context, page } = await signedInPage(browser, stack.url, account.token, { width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${stack.url}/dashboard`);

    const section = page.getByTestId('review-heatmap');
    await section.getByText('8 révisions sur les 12 derniers mois, 6 jours de révision.').waitFor();
    expect(await section.getByTestId('current-streak').textContent()).toMatch(/^2 jours \(du .+ au .+\)$/);
    expect(await section.getByTestId('longest-streak').textContent()).toMatch(/^4 jours \(du .+ au .+\)$/);
    // Each day says its count in words; today's is in the current streak, day −9 in the longest.
    const today = heatmap.days.at(-1).date as string;
    const busiest = heatmap.days.at(-10).date as string;
    expect(await section.locator(`td[data-date="${today}"] .sr-only`).textContent()).toMatch(/ : 1 révision \(série en cours\)$/);
    expect(await section.locator(`td[data-date="${busiest}"] .sr-only`).textContent()).toMatch(/ : 3 révisions \(plus longue série\)$/);

    // The calendar starts scrolled to today, inside the phone's width, and the arrow keys scroll it without leaving the tab.
    const frame = section.getByRole('region', { name: 'Calendrier des révisions, défilable' });
    const todayBox = (await section.locator(`td[data-date="${today}"]`).boundingBox())!;
    expect(todayBox.x + todayBox.width).toBeLessThanOrEqual(390);
    const scrolled = await frame.evaluate((el) => el.scrollLeft);
    expect(scrolled).toBeGreaterThan(0);
    await section.screenshot({ path: 'tests/.artifacts/screenshots/memory-heatmap-phone.png' });
    await frame.focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((start) => document.querySelector('[data-own-arrow-keys]')!.scrollLeft < start, scrolled);
    expect(await page.getByRole('tab', { name: "Vue d'Ensemble" }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'memory-dashboard-phone');
    expect(await a11yViolations(page.mainFrame())).toEqual([]);

    // 'Historique' from the card list's menu: every answer, newest first, and the forgetting curve.
    const [card] = (await api(stack.url, 'GET', '/api/flashcards', { token: account.token })).body;
    const conceptId = card.concept_id;
    expect((await api(stack.url, 'PUT', `/api/flashcards/${card.id}`, { token: account.token, json: { question: card.question, answer: card.answer, type_answer: true } })).body.type_answer).toBe(true);
    await page.goto(`${stack.url}/concepts/${conceptId}`);
    await page.getByTestId('card-actions').getByRole('button', { name: 'Historique' }).click();
    const history = page.getByRole('dialog', { name: 'Historique de la carte' });
    const rows = history.getByTestId('card-history-answers').locator('tbody tr');
    await rows.nth(7).waitFor();
    expect(await rows.count()).toBe(8);
    // The newest answer left the card due in three days, with its stability of 4 days.
    expect(await rows.first().locator('td').allTextContents()).toEqual(['Bon', '3 j', '4 j', '5', expect.stringMatching(/^\d+ %$/)]);
    expect(await history.getByTestId('forgetting-curve').getAttribute('aria-label')).toMatch(/^Courbe d'oubli : 100 % juste après la dernière réponse, \d+ % à la date prévue \(3 j\), 100 % aujourd'hui/);
    // chart.js loads on demand: the curve is drawn (pixels of its violet line on the canvas) before the picture is taken.
    const curvePixels = () =>
      history.getByTestId('forgetting-curve').evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let violet = 0;
        for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - 0xa7) < 12 && Math.abs(data[i + 1]! - 0x8b) < 12 && Math.abs(data[i + 2]! - 0xfa) < 12 && data[i + 3]! > 200) violet++;
        return violet;
      });
    await expect.poll(curvePixels).toBeGreaterThan(100);
    await screenshot(page, 'memory-card-history-phone');
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // And from the review screen, above the card being reviewed.
    await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
    const review = page.getByRole('dialog', { name: 'Réviser les flashcards' });
    await review.getByRole('button', { name: 'Réviser en avance' }).click();
    await review.getByTestId('review-card-menu').getByRole('button', { name: 'Historique' }).click();
    await history.getByTestId('card-history-answers').waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(await review.isVisible()).toBe(true);

    // 'Taper la réponse': Enter checks and flips; case counts by default, shown struck through and underlined.
    await review.getByTestId('typed-answer-input').fill('lima');
    await page.keyboard.press('Enter');
    const diff = review.getByTestId('typed-answer-diff');
    await diff.getByText('Pas tout à fait : comparez avec la réponse attendue.').waitFor();
    expect([await diff.locator('del').allTextContents(), await diff.locator('ins').allTextContents()]).toEqual([['l'], ['L']]);
    expect(await review.getByTestId('review-answer').textContent()).toBe('Lima');
    await screenshot(page, 'memory-typed-answer-phone');
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });

    // With case and accents ignored (Study settings), the same answer is right, and the keys rate it.
    await page.goto(`${stack.url}/settings?tab=study`);
    await page.getByRole('switch', { name: 'Ignore case and accents in typed answers' }).click();
    await page.getByText("On cards where you type the answer, 'etat' and 'État' both match 'état': only other letters count as mistakes.").waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Preferences saved successfully!').waitFor();
    await page.goto(`${stack.url}/concepts/${conceptId}`);
    await page.getByRole('button', { name: 'Réviser les flashcards' }).click();
    await review.getByRole('button', { name: 'Réviser en avance' }).click();
    await review.getByTestId('typed-answer-input').fill('lima');
    await page.keyboard.press('Enter');
    await diff.getByText('Correct !').waitFor();
    expect(await diff.textContent()).toContain('(majuscules et accents ignorés)');
    await page.keyboard.press('3');
    await review.getByText('Révision terminée !').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
