/**
 * When a browser test fails, leave what a person would need to see why: a screenshot of
 * every page still open (tests/.artifacts/screenshots/FAILED-*.png), its address, the
 * start of its visible text and its trail (navigations, failed answers, console errors),
 * printed with the failure's error (kept even when a retry passes).
 */
import { afterEach, beforeEach } from 'vitest';
import type { Page } from 'playwright-core';
import { openPages, pageTrail, screenshot } from './browser';

/** The pages open before the test began (a file may share some between its tests). */
let openBefore = new Set<Page>();
beforeEach(() => {
  openBefore = new Set(openPages);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  // The error too: a test that passes on its retry prints nothing else about its first failure.
  for (const err of context.task.result.errors ?? []) console.error(`[failure report] error: ${(err.message ?? String(err)).slice(0, 800)}`);
  let n = 0;
  for (const page of openPages) {
    n += 1;
    try {
      const name = `FAILED-${context.task.name.replace(/[^\w-]+/g, '_').slice(0, 60)}-${n}`;
      await screenshot(page, name);
      const text = (await page.locator('body').innerText({ timeout: 2000 })).replace(/\s+/g, ' ').slice(0, 600);
      const trail = pageTrail(page).map((line) => `\n    ${line}`).join('');
      console.error(`[failure report] page ${n}: ${page.url()}\n  text: ${text}\n  screenshot: ${name}.png\n  trail:${trail}`);
    } catch (err) {
      console.error(`[failure report] page ${n}: could not be read (${(err as Error).message})`);
    }
  }
  // The failed test's own pages are closed, so that they stop drawing while the retry runs.
  for (const page of [...openPages].filter((p) => !openBefore.has(p))) await page.context().close().catch(() => undefined);
});
