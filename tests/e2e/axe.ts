/**
 * axe-core in a page (WCAG 2.2 AA tags) and the icon-button tooltip check, shared by the
 * accessibility pass over every screen and the feature tests that check their new screens.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The rules of those tags whose outcome a theme can change (text and link colours against their background). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe's violations for what the frame shows now (injected once per document): every rule of
 * the tags, or only `rules` (the rules whose outcome depends on colours, for the second theme).
 */
export async function axeViolations(frame: Frame, rules?: string[]): Promise<Violation[]> {
  const injected = await frame.evaluate(() => 'axe' in window);
  if (!injected) await frame.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS };
  return frame.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, runOnly);
}

/**
 * Icon buttons whose name is not the one their tooltip shows: every visible button or link
 * without a word or number in its visible text (an icon, a symbol, 'i') must have a French `aria-label`
 * and a `title` (the tooltip) saying the same. Controls named by a <label> (switches) are not icon buttons.
 */
export async function iconButtonMismatches(frame: Frame): Promise<Violation[]> {
  const nodes = await frame.evaluate(() => {
    const shown = (el: Element): string =>
      [...el.childNodes]
        .map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : n instanceof Element && n.getAttribute('aria-hidden') !== 'true' && !n.classList.contains('sr-only') ? shown(n) : ''))
        .join('');
    return [...document.querySelectorAll<HTMLElement>('button, [role="button"], a[href]')]
      .filter((el) => el.getClientRects().length > 0 && !(el as HTMLButtonElement).labels?.length && !/[\p{L}\p{N}]{2,}/u.test(shown(el)))
      .filter((el) => !el.getAttribute('aria-label')?.trim() || el.getAttribute('aria-label') !== el.getAttribute('title'))
      .map((el) => ({ target: [el.outerHTML.slice(0, 160)], failureSummary: `aria-label ${JSON.stringify(el.getAttribute('aria-label'))}, title ${JSON.stringify(el.getAttribute('title'))}` }));
  });
  return nodes.length ? [{ id: 'icon-button-tooltip-name', impact: 'serious', nodes }] : [];
}

/** Every violation on what the page shows now: axe's rules and the icon buttons' names. */
export async function a11yViolations(frame: Frame): Promise<Violation[]> {
  return [...(await axeViolations(frame)), ...(await iconButtonMismatches(frame))];
}
