/**
 * Is this page running inside the native app's web view? (spec document 1 §2):
 * an embedded-editor path, `source=mobile_webview|mobile`, a flag in session storage
 * (set the first time any of these matched, so it survives navigation), or the user agent.
 */
import { isEmbeddedPage } from '@domain/embedded-pages';
import { hasHost } from './native-bridge';

const FLAG = 'astrolabe.webview';
const UA_PATTERN = /AstrolabeApp|; wv\)|ReactNative|\bwv\b/i;

export function detectWebView(loc: Pick<Location, 'pathname' | 'search'> = window.location, ua = navigator.userAgent): boolean {
  const source = new URLSearchParams(loc.search).get('source');
  const matched =
    isEmbeddedPage(loc.pathname) ||
    source === 'mobile_webview' ||
    source === 'mobile' ||
    UA_PATTERN.test(ua) ||
    sessionStorage.getItem(FLAG) === '1';
  if (matched) sessionStorage.setItem(FLAG, '1');
  return matched;
}

/**
 * Is a host really there (the native app's web view, or a page embedding this one)? Only
 * then may the stored token be cleared: an embedded-editor path opened in a browser tab
 * behaves as a web view but shares the browser's storage with the person's other tabs.
 */
export function hostSignalled(ua = navigator.userAgent): boolean {
  return hasHost() || UA_PATTERN.test(ua);
}
