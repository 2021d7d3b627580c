/**
 * Plays the native app's own web view (React Native's `ReactNativeWebView`), where the
 * app's ordinary screens run as the top page: only the embedded editor pages are ever
 * framed by a host page (tests/e2e/host/host.html), and no other screen may be framed.
 * The page's messages to the app are kept in `window.received`; a `request-auth-token` is
 * answered with the next of `tokens` (the last repeats), as the phone app would.
 */
import type { Page } from 'playwright-core';

export async function actAsNativeWebView(page: Page, tokens: string[]): Promise<void> {
  await page.addInitScript((answers: string[]) => {
    const received: unknown[] = [];
    let answered = 0;
    Object.assign(window, {
      received,
      ReactNativeWebView: {
        postMessage(data: string) {
          const message = JSON.parse(data) as { type: string };
          received.push(message);
          if (message.type === 'request-auth-token' && answers.length) {
            const token = answers[Math.min(answered++, answers.length - 1)];
            setTimeout(() => window.postMessage({ type: 'auth-token', token }, location.origin));
          }
        },
      },
    });
  }, tokens);
}
