/**
 * Stored and pasted content cannot run script. A corpus of XSS payloads goes in through
 * the API (a concept's saved content, shown read-only on its page), through the editor
 * (pasted HTML), and through a stored editor document; every payload would set
 * window.__xss if it ran.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { launchBrowser, newPage, pageErrors, screenshot, signIn } from './browser';
import { openEditorPage } from './editor-support/editor-page';

const stack = inject('stack');
let browser: Browser;
let account: Account;

const RUN = 'window.__xss=1';
const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });

/** Stored documents an attacker could have saved through the API. */
const STORED_DOC = {
  type: 'doc',
  content: [
    para(text(`<script>${RUN}</script><img src=x onerror="${RUN}"><svg onload="${RUN}">`)),
    para(text('js link', [{ type: 'link', attrs: { href: `javascript:${RUN}` } }])),
    para(text('tab link', [{ type: 'link', attrs: { href: `java\tscript:${RUN}` } }])),
    para(text('data link', [{ type: 'link', attrs: { href: `data:text/html,<script>${RUN}</script>` } }])),
    para(text('vb link', [{ type: 'link', attrs: { href: 'vbscript:msgbox(1)' } }])),
    para(text('concept link', [{ type: 'conceptLink', attrs: { href: `javascript:${RUN}`, title: `" onmouseover="${RUN}` } }])),
    { type: 'figure', attrs: { src: `javascript:${RUN}`, alt: `" onerror="${RUN}`, title: `<img src=x onerror=${RUN}>` } },
    { type: 'figure', attrs: { src: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`, alt: '', title: '' } },
    { type: 'youtube', attrs: { src: `javascript:${RUN}` } },
    { type: 'youtube', attrs: { src: `https://www.youtube.com/embed/dQw4w9WgXcQ" srcdoc="<script>parent.${RUN}</script>` } },
    { type: 'fileAttachment', attrs: { src: `javascript:${RUN}`, fileName: `<svg onload=${RUN}>`, mimeType: '"><script>x</script>', fileSize: 1 } },
    { type: 'mermaid', attrs: { code: `flowchart TD\n  A["<img src=x onerror=${RUN}>"] --> B\n  click A call __xssCallback()\n  click B href "javascript:${RUN}"`, diagramType: 'flowchart' } },
    { type: 'mermaid', attrs: { code: `%%{init: {"securityLevel": "loose"}}%%\nflowchart TD\n  A["<iframe srcdoc='<script>parent.${RUN}</script>'></iframe>"]\n  click A call __xssCallback()`, diagramType: 'generic' } },
    { type: 'codeBlock', content: [text(`<script>${RUN}</script>`)] },
  ],
};

/** HTML a person might paste from a hostile page. */
const PASTED_HTML = [
  `<p>avant <img src=x onerror="${RUN}"> après</p>`,
  `<a href="javascript:${RUN}">lien js</a>`,
  `<a href=" JaVaScRiPt:${RUN}">lien js 2</a>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<svg><script>${RUN}</script><circle onload="${RUN}"/></svg>`,
  `<div data-youtube-video><iframe src="javascript:${RUN}"></iframe></div>`,
  `<figure><img src="javascript:${RUN}"><figcaption>cap</figcaption></figure>`,
  `<a data-concept-link href="javascript:${RUN}">concept</a>`,
  `<div data-file-attachment data-file-name="f"><a href="javascript:${RUN}">f</a></div>`,
  `<div data-mermaid><pre>flowchart TD\nA[x] --> B\nclick A call __xssCallback()</pre></div>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<details open ontoggle="${RUN}">d</details><body onload="${RUN}">`,
].join('');

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount(stack.url, 'xss');
});
afterAll(async () => {
  await browser?.close();
});

/** No payload ran, and nothing on the page is still armed. */
async function expectInert(page: Page, root: string) {
  await page.waitForTimeout(1500); // let images fail, diagrams render, callbacks fire
  // Click everything that could hold a callback (diagram nodes, links stay unfollowed).
  await page.evaluate((sel) => {
    for (const el of document.querySelectorAll(`${sel} svg g.node, ${sel} svg .nodeLabel`)) (el as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, root);
  const report = await page.evaluate((sel) => {
    const scope = document.querySelector(sel)!;
    const handlers = [...scope.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`));
    const badLinks = [...scope.querySelectorAll('a[href], [src], [srcdoc], [xlink\\:href]')]
      .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('srcdoc') ?? el.getAttribute('xlink:href') ?? '')
      .filter((v) => /^\s*(javascript|data|vbscript):/i.test(v.replace(/[\u0000-\u0020]/g, '')) || /<script/i.test(v));
    const frames = [...scope.querySelectorAll('iframe')].map((f) => f.getAttribute('src') ?? '').filter((src) => !/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/.test(src) && src !== 'about:blank');
    const scripts = scope.querySelectorAll('script').length;
    return { xss: (window as unknown as { __xss?: unknown }).__xss ?? null, callback: (window as unknown as { __xssCalled?: unknown }).__xssCalled ?? null, handlers, badLinks, frames, scripts };
  }, root);
  expect(report).toEqual({ xss: null, callback: null, handlers: [], badLinks: [], frames: [], scripts: 0 });
}

const armCallback = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { __xssCallback: () => void }).__xssCallback = () => {
      (window as unknown as { __xssCalled: boolean }).__xssCalled = true;
    };
  });

describe('XSS corpus', () => {
  it('stored concept content saved through the API renders inert on the concept page', async () => {
    const saved = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Contenu piégé', content: STORED_DOC, tag_names: [] } });
    expect(saved.status).toBe(201);
    const asString = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Chaîne piégée', content: `<img src=x onerror="${RUN}"><script>${RUN}</script>`, tag_names: [] } });
    expect(asString.status).toBe(201);
    const { context, page } = await newPage(browser);
    await armCallback(page);
    await signIn(page, stack.url, account.token);
    for (const id of [saved.body.id, asString.body.id]) {
      await page.goto(`${stack.url}/concepts/${id}`);
      await page.getByTestId('concept-content').waitFor();
      await expectInert(page, '[data-testid="concept-content"]');
    }
    await page.goto(`${stack.url}/concepts/${saved.body.id}`);
    await page.getByTestId('concept-content').locator('[data-mermaid-block]').first().waitFor();
    await page.waitForTimeout(1000);
    await screenshot(page, 'xss-concept-page');
    expect(pageErrors(page).filter((e) => /xss/i.test(e))).toEqual([]);
    await context.close();
  });

  it('pasted hostile HTML is reduced to harmless content, which stays harmless once saved and shown', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url, { token: account.token });
    await armCallback(page);
    await page.reload();
    await editor.click();
    await page.evaluate((html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'fallback');
      document.querySelector('.ProseMirror')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PASTED_HTML);
    await expect.poll(() => editor.textContent()).toContain('lien js');
    await expectInert(page, '[data-testid="rich-text-editor"]');
    await screenshot(page, 'xss-pasted');
    const doc = await page.evaluate(() => (window as unknown as { __astrolabeEditor: { getJSON(): unknown } }).__astrolabeEditor.getJSON());
    const saved = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Collage piégé', content: doc, tag_names: [] } });
    expect(saved.status).toBe(201);
    await signIn(page, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/${saved.body.id}`);
    await page.getByTestId('concept-content').waitFor();
    await expectInert(page, '[data-testid="concept-content"]');
    await context.close();
  });

  it('a hostile stored document loaded into the editor stays inert while edited', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url, { doc: STORED_DOC });
    await armCallback(page);
    await page.reload();
    await editor.locator('[data-mermaid-block]').first().waitFor();
    await expectInert(page, '[data-testid="rich-text-editor"]');
    await screenshot(page, 'xss-editor-stored');
    await context.close();
  });
});
