/**
 * Preferences that act where a person studies and keeps their data, each seen
 * on screen: the session-length limit and the break reminder during a session, the backup
 * reminder with its one-click export, the galaxy's slow rotation, and deleting the account
 * from the Privacy tab.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount, PASSWORD, type Account } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

async function setPreferences(account: Account, changes: Record<string, unknown>) {
  const current = (await api(stack.url, 'GET', '/api/users/me/preferences', { token: account.token })).body;
  expect((await api(stack.url, 'PUT', '/api/users/me/preferences', { token: account.token, json: { ...current, ...changes } })).status).toBe(200);
}

async function sessionOfOneCard(account: Account): Promise<number> {
  const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Photosynthèse' } });
  await api(stack.url, 'POST', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token, json: { question: 'Où a lieu la photosynthèse ?', answer: 'Dans les chloroplastes' } });
  const session = await api(stack.url, 'POST', '/api/study-sessions', { token: account.token, json: { method_type: 'FLASHCARDS', concept_ids: [concept.body.id] } });
  expect(session.status).toBe(201);
  return session.body.id as number;
}

describe('preferences seen in the app', () => {
  it('offers to end the session at its length limit, and a break after 25 minutes of study', async () => {
    const account = await createAccount(stack.url, 'limit');
    await setPreferences(account, { session_duration_limit: 5, break_reminders: false });
    const sessionId = await sessionOfOneCard(account);
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.clock.install();
    await page.goto(`${stack.url}/study/session/${sessionId}`);
    await page.getByTestId('session-question').waitFor();
    await page.clock.runFor(4 * 60_000);
    expect(await page.getByTestId('study-prompt').count()).toBe(0);
    await page.clock.runFor(61_000);
    await page.getByTestId('study-prompt').getByText('Vous étudiez depuis 5 minutes : terminer la session ?').waitFor();
    await screenshot(page, 'study-session-limit');
    await page.getByRole('button', { name: 'Terminer la session' }).click();
    await page.waitForURL(`**/study/summary/${sessionId}`);

    // Breaks on, limit far away: the gentle prompt at 25 minutes, which 'Continuer' dismisses.
    await setPreferences(account, { session_duration_limit: 180, break_reminders: true });
    const second = await sessionOfOneCard(account);
    await page.goto(`${stack.url}/study/session/${second}`);
    await page.getByTestId('session-question').waitFor();
    await page.clock.runFor(24 * 60_000);
    expect(await page.getByTestId('study-prompt').count()).toBe(0);
    await page.clock.runFor(61_000);
    await page.getByTestId('study-prompt').getByText('Petite pause ? Cela fait 25 minutes que vous étudiez.').waitFor();
    expect(await page.getByRole('button', { name: 'Terminer la session' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByTestId('study-prompt').waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the backup reminder when a backup is due, and one click downloads the backup and hides it', async () => {
    const account = await createAccount(stack.url, 'backup');
    await setPreferences(account, { data_backup_frequency: 'weekly' });
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    // A new account's first backup is due a week after it was created…
    expect(await page.getByTestId('backup-reminder').count()).toBe(0);
    // …and a week after the last one made in this browser: that one was eight days ago.
    await page.evaluate((id) => localStorage.setItem(`astrolabe.lastBackupAt.${id}`, String(Date.now() - 8 * 86_400_000)), account.id);
    await page.reload();
    const banner = page.getByTestId('backup-reminder');
    await banner.getByText('A backup of your data is due (weekly).').waitFor();
    await screenshot(page, 'settings-backup-reminder');
    const download = page.waitForEvent('download');
    await banner.getByRole('button', { name: 'Back up now (JSON)' }).click();
    const file = await download;
    const { readFile } = await import('node:fs/promises');
    expect(JSON.parse(await readFile((await file.path())!, 'utf8')).format_version).toBe(1);
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    expect(await page.getByTestId('backup-reminder').count()).toBe(0);
    await context.close();
  });

  it('turns the galaxy slowly while the animation preference is on, and holds it still when off', async () => {
    const account = await createAccount(stack.url, 'orbit');
    for (const title of ['Soleil', 'Mercure', 'Vénus', 'Terre', 'Mars']) await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title } });
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    const twoFrames = async () => {
      await page.goto(`${stack.url}/galaxy`);
      await page.locator('[data-testid="galaxy"][data-frames="drawn"]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      const first = await page.getByTestId('galaxy').screenshot();
      await page.waitForTimeout(1500);
      return [first, await page.getByTestId('galaxy').screenshot()] as const;
    };
    const quality = () => page.getByTestId('galaxy').getAttribute('data-quality');
    // A device too slow for 30 fps: every frame takes 60 ms more.
    const slowDevice = () =>
      page.evaluate(() => {
        const slow = () => {
          const end = performance.now() + 60;
          while (performance.now() < end);
          requestAnimationFrame(slow);
        };
        requestAnimationFrame(slow);
      });
    const [a, b] = await twoFrames();
    expect(a.equals(b)).toBe(false);
    // There, a turning galaxy is drawn lighter (fewer pixels, glows and names) to keep moving smoothly.
    await slowDevice();
    await expect.poll(async () => Number(await quality())).toBeGreaterThan(0);
    await screenshot(page, 'galaxy-turning-slow-device');
    await setPreferences(account, { galaxy_animation_enabled: false });
    const [c, d] = await twoFrames();
    expect(c.equals(d)).toBe(true);
    // Still, it is drawn in full.
    expect(await quality()).toBe('0');
    await context.close();
  });

  it('deletes the account from the Privacy tab behind the password, and its token stops working', async () => {
    const account = await createAccount(stack.url, 'bye');
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/settings`);
    await page.getByRole('tab', { name: 'Privacy', exact: true }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Confirm with your password').fill('not my password');
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.getByRole('alert').waitFor();
    expect((await api(stack.url, 'GET', '/api/users/me', { token: account.token })).status).toBe(200);
    await page.getByLabel('Confirm with your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.getByText('Your account has been deleted').waitFor();
    await page.waitForURL('**/login');
    expect((await api(stack.url, 'GET', '/api/users/me', { token: account.token })).status).toBe(401);
    await context.close();
  });
});
