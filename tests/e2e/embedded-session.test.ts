/**
 * An embedded editor page opened in an ordinary browser tab: it behaves as the
 * phone's web view (it waits for a host), but with no host there it must not clear the
 * browser's session, which the person's other tabs share.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAccount } from '../support/client';
import { useBrowser, screenshot, signedInPage } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

describe('embedded pages in a browser tab', () => {
  it('keeps the session of the other tabs when /tiptap-test or /minimal-editor is opened', async () => {
    const account = await createAccount(stack.url, 'tabkeep');
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    for (const path of ['/tiptap-test', '/minimal-editor?source=mobile', '/hybrid-editor']) {
      const embedded = await context.newPage();
      await embedded.goto(`${stack.url}${path}`);
      // The auth machine decides at mount, before React's first paint (which replaces index.html's static loading state).
      await embedded.locator('#root > :not([data-static-shell])').first().waitFor();
      expect(await embedded.evaluate(() => localStorage.getItem('astrolabe.access_token'))).toBe(account.token);
      await page.goto(`${stack.url}/dashboard`);
      await page.getByTestId('drawer-username').waitFor();
      expect(await page.getByTestId('drawer-username').textContent()).toBe(account.username);
      await embedded.close();
    }
    await screenshot(page, 'embedded-tab-keeps-session');
    await context.close();
  });
});
