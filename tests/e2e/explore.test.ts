/**
 * Exploring the knowledge in Chromium (software WebGL): the galaxy's stars, its search that
 * flies the camera to a star, a click on a star, the failure text; the knowledge graph
 * laid out in a worker, hovered and clicked.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { newPage, pageErrors, screenshot, SCREENSHOTS, useBrowser, signedInPage as openSignedIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const signedInPage = (account: Account) => openSignedIn(browser, stack.url, account.token);

/** A small knowledge base: two constellations, wiki links and a relation. */
async function seed(account: Account): Promise<Record<string, number>> {
  const post = async (path: string, json: unknown) => (await api(stack.url, 'POST', path, { token: account.token, json })).body;
  const chimie = await post('/api/constellations', { name: 'Chimie' });
  const bio = await post('/api/constellations', { name: 'Biologie' });
  const ids: Record<string, number> = {};
  const make = async (title: string, extra: Record<string, unknown>) => (ids[title] = (await post('/api/concepts', { title, ...extra })).id);
  await make('Atome', { constellation_ids: [chimie.id] });
  await make('Molécule', { content: 'Faite de [[Atome]]s', constellation_ids: [chimie.id] });
  await make('Liaison covalente', { content: '[[Atome]] et [[Molécule]]', constellation_ids: [chimie.id] });
  await make('Cellule', { constellation_ids: [bio.id] });
  await make('Mitochondrie', { content: 'Dans la [[Cellule]]', constellation_ids: [bio.id], parent_ids: [ids.Cellule] });
  await make('Photosynthèse', { content: '[[Cellule]] et [[Molécule]]' });
  return ids;
}

const cameraOf = (page: Page) => page.getByTestId('galaxy').getAttribute('data-camera');

describe('exploring the knowledge', () => {
  it('shows the galaxy, flies to a searched star and opens it on a click', async () => {
    const account = await createAccount(stack.url, 'galaxy');
    const ids = await seed(account);
    const stars = (await api(stack.url, 'GET', '/api/concepts/all-for-graph', { token: account.token })).body as { id: number; x: number; y: number; z: number }[];
    const { context, page } = await signedInPage(account);

    await page.goto(`${stack.url}/galaxy`);
    await page.locator('[data-testid="galaxy"][data-frames="drawn"]').waitFor();
    expect(await page.locator('[data-testid="galaxy"] canvas').count()).toBe(1);
    await page.getByRole('heading', { name: 'Mastery Levels' }).waitFor();
    for (const level of ['Novice (0-20%)', 'Beginner (20-40%)', 'Intermediate (40-60%)', 'Advanced (60-80%)', 'Master (80-100%)']) {
      expect(await page.getByText(level).isVisible()).toBe(true);
    }
    expect(await cameraOf(page)).toBe('0,-4517,6603');
    await page.waitForTimeout(300);
    await screenshot(page, 'galaxy-overview');

    // Search: suggestions after typing stops; choosing one flies the camera 200 above, 800 behind.
    await page.getByPlaceholder('Search concept...').fill('mol');
    const option = page.getByRole('option', { name: 'Molécule' });
    await option.waitFor();
    expect(await page.getByRole('option').count()).toBe(1);
    await option.click();
    const star = stars.find((s) => s.id === ids['Molécule'])!;
    const expected = [star.x, star.y + 200, star.z + 800].map((v) => Math.round(v)).join(',');
    // (A poll, so that a failure prints where the camera was.)
    await expect.poll(() => cameraOf(page)).toBe(expected);
    // The stars' names are drawn over them, the star flown to first. (In the overview the six
    // stars may lie outside the view: where a constellation sits depends on its id.)
    await page.locator('[data-testid="galaxy"] > [aria-hidden="true"] > div:visible', { hasText: /^Molécule$/ }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'galaxy-focused');

    // The chosen star is now in the middle of the screen: clicking it opens the concept.
    const box = (await page.locator('[data-testid="galaxy"] canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`${stack.url}/concepts/${ids['Molécule']}`);
    await page.getByRole('heading', { level: 1, name: 'Molécule' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('hides the names that would cover a more important one where stars are dense, and names the star flown to', async () => {
    // Forty concepts of one constellation sit close together in the galaxy.
    const account = await createAccount(stack.url, 'galaxydense');
    const post = async (path: string, json: unknown) => (await api(stack.url, 'POST', path, { token: account.token, json })).body;
    const optique = await post('/api/constellations', { name: 'Optique' });
    for (let i = 0; i < 40; i++) await post('/api/concepts', { title: `Lentille convergente ${i}`, constellation_ids: [optique.id] });
    // Where the cluster's stars sit depends on their ids: the camera flies to the one with the
    // most of the others close by, as a person looking at the crowded part would.
    const stars = (await api(stack.url, 'GET', '/api/concepts/all-for-graph', { token: account.token })).body as { title: string; x: number; y: number; z: number }[];
    const cluster = stars.filter((s) => s.title.startsWith('Lentille convergente'));
    const near = (a: (typeof cluster)[number]) => [...cluster].map((b) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).sort((x, y) => x - y)[6]!;
    const crowded = cluster.reduce((best, star) => (near(star) < near(best) ? star : best)).title;
    const { context, page } = await signedInPage(account);
    // Still stars: a turning galaxy never rests, and its names follow the frame rate of the moment.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${stack.url}/galaxy`);
    await page.locator('[data-testid="galaxy"][data-frames="drawn"]').waitFor();
    /** The names shown, as boxes on screen (one frame's: read at once). */
    const shownLabels = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="galaxy"] > [aria-hidden="true"] > div')]
          .filter((label) => label.style.display !== 'none')
          .map((label) => {
            const r = label.getBoundingClientRect();
            return { text: label.textContent!, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
          }),
      );
    /** Waits until the names were chosen and placed for the camera at rest, in the view as it is now, at full quality. */
    const settled = () =>
      page.waitForFunction(() => {
        const host = document.querySelector<HTMLElement>('[data-testid="galaxy"]')!;
        return host.dataset.flight === undefined && host.dataset.labels === 'settled' && host.dataset.labelsSize === `${host.clientWidth}x${host.clientHeight}`;
      });
    // The cluster may lie far from the overview's camera: the camera first flies to its crowded part.
    await page.getByPlaceholder('Search concept...').fill(crowded.replace('Lentille ', ''));
    await page.getByRole('option', { name: crowded, exact: true }).click();
    await settled();
    const dense = await shownLabels();
    expect(dense.length).toBeGreaterThan(3);
    await screenshot(page, 'galaxy-dense-labels');
    const overlapping = async () => {
      const labels = await shownLabels();
      return labels.flatMap((a, i) => labels.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map((b) => `${a.text} / ${b.text}`));
    };
    expect(await overlapping()).toEqual([]);
    // On a phone the same stars are closer still on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.querySelector('[data-testid="galaxy"] canvas')!.clientWidth === 390);
    await settled();
    await screenshot(page, 'galaxy-dense-labels-phone');
    expect(await overlapping()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => document.querySelector('[data-testid="galaxy"] canvas')!.clientWidth > 390);

    // The star chosen in the search keeps its name, whatever is around it.
    await page.getByPlaceholder('Search concept...').fill('convergente 17');
    await page.getByRole('option', { name: 'Lentille convergente 17' }).click();
    await settled();
    expect((await shownLabels()).map((l) => l.text)).toContain('Lentille convergente 17');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('says the galaxy failed to load when the server does not answer', async () => {
    const account = await createAccount(stack.url, 'galaxy');
    const { context, page } = await signedInPage(account);
    await page.route('**/api/links/all-for-graph', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal error","code":"internal"}' }));
    await page.goto(`${stack.url}/galaxy`);
    await page.getByRole('alert').getByText('Failed to load galaxy data. Please try again later.').waitFor();
    expect(await page.getByText('Loading Galaxy...').count()).toBe(0);
    await screenshot(page, 'galaxy-failed');
    await context.close();
  });

  /** Opens /graph; with `paintHere`, as a browser that cannot hand its canvas to a worker. */
  async function openGraph(paintHere: boolean) {
    const account = await createAccount(stack.url, 'graph');
    const ids = await seed(account);
    const { context, page } = await signedInPage(account);
    if (paintHere) await page.addInitScript(() => delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen);
    await page.goto(`${stack.url}/graph`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge Graph' }).waitFor();
    await page.locator('[data-testid="knowledge-graph"][data-state="stable"]').waitFor();
    // The painter (the render worker, or the page) says when the laid-out graph is on the canvas.
    await page.waitForFunction(() => performance.getEntriesByName('graph-stable').length === 1);
    return { ids, context, page };
  }

  it('lays out the knowledge graph, titles a hovered node and opens it on a click', async () => {
    const { ids, context, page } = await openGraph(false);
    await screenshot(page, 'graph');

    // Walk the nodes from the keyboard to find 'Mitochondrie' and where it is drawn.
    const canvas = page.getByRole('img', { name: /Knowledge Graph/ });
    await canvas.focus();
    const tooltip = page.getByRole('tooltip');
    const shown = async () => ((await tooltip.count()) ? await tooltip.textContent() : '');
    for (let i = 0; i < 6 && (await shown()) !== 'Mitochondrie'; i++) await page.keyboard.press('ArrowRight');
    expect(await tooltip.textContent()).toBe('Mitochondrie');
    const at = { x: Number(await tooltip.getAttribute('data-x')), y: Number(await tooltip.getAttribute('data-y')) };
    const box = (await canvas.boundingBox())!;
    await canvas.blur();

    // Hovering the node shows its title; clicking it opens the concept.
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.move(box.x + at.x, box.y + at.y);
    await tooltip.getByText('Mitochondrie').waitFor();
    await screenshot(page, 'graph-hover');
    await page.mouse.click(box.x + at.x, box.y + at.y);
    await page.waitForURL(`${stack.url}/concepts/${ids.Mitochondrie}`);

    // Back on the graph, it starts from the layout this browser kept and only refines it: the node is where it was.
    await page.goBack();
    await page.locator('[data-testid="knowledge-graph"][data-state="stable"][data-layout="kept"]').waitFor();
    await canvas.focus();
    for (let i = 0; i < 6 && (await shown()) !== 'Mitochondrie'; i++) await page.keyboard.press('ArrowRight');
    expect(await tooltip.textContent()).toBe('Mitochondrie');
    expect(Math.abs(Number(await tooltip.getAttribute('data-x')) - at.x)).toBeLessThan(15);
    expect(Math.abs(Number(await tooltip.getAttribute('data-y')) - at.y)).toBeLessThan(15);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the whole knowledge graph centred on screen once laid out, on a desktop and on a phone', async () => {
    // Three clusters of linked concepts and a few concepts linked to nothing, as a real base has.
    const account = await createAccount(stack.url, 'graphfit');
    const post = async (json: unknown) => (await api(stack.url, 'POST', '/api/concepts', { token: account.token, json })).body;
    for (const cluster of ['Chimie', 'Optique', 'Botanique']) {
      await post({ title: `${cluster} 0` });
      for (let i = 1; i < 6; i++) await post({ title: `${cluster} ${i}`, content: `Voir [[${cluster} ${i - 1}]] et [[${cluster} 0]]` });
    }
    for (let i = 0; i < 4; i++) await post({ title: `Seul ${i}` });
    const count = 22;

    for (const [width, height, name] of [[1280, 800, 'graph-fitted-desktop'], [390, 844, 'graph-fitted-phone']] as const) {
      const { context, page } = await openSignedIn(browser, stack.url, account.token, { width, height });
      await page.goto(`${stack.url}/graph`);
      await page.locator('[data-testid="knowledge-graph"][data-state="stable"]').waitFor();
      await page.waitForFunction(() => performance.getEntriesByName('graph-stable').length === 1);
      // What the screen shows (a full-page picture would resize the window, and the graph with it).
      await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
      // Where each node is drawn, as the keyboard walk tells it (the tooltip's point on the canvas).
      const canvas = page.getByRole('img', { name: /Knowledge Graph/ });
      const box = (await canvas.boundingBox())!;
      await canvas.focus();
      const tooltip = page.getByRole('tooltip');
      const points: { x: number; y: number }[] = [];
      for (let i = 0; i < count; i++) {
        await page.keyboard.press('ArrowRight');
        points.push({ x: box.x + Number(await tooltip.getAttribute('data-x')), y: box.y + Number(await tooltip.getAttribute('data-y')) });
      }
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      // Every node on screen, inside the graph's frame…
      const visible = { left: box.x, right: Math.min(box.x + box.width, width), top: Math.max(box.y, 0), bottom: Math.min(box.y + box.height, height) };
      expect(left).toBeGreaterThanOrEqual(visible.left);
      expect(right).toBeLessThanOrEqual(visible.right);
      expect(top).toBeGreaterThanOrEqual(visible.top);
      expect(bottom).toBeLessThanOrEqual(visible.bottom);
      // …centred in what is seen of it, and filling it rather than sitting small in a corner.
      const [frameWidth, frameHeight] = [visible.right - visible.left, visible.bottom - visible.top];
      expect(Math.abs((left + right) / 2 - (visible.left + visible.right) / 2)).toBeLessThan(frameWidth * 0.1);
      expect(Math.abs((top + bottom) / 2 - (visible.top + visible.bottom) / 2)).toBeLessThan(frameHeight * 0.1);
      expect(Math.max((right - left) / frameWidth, (bottom - top) / frameHeight)).toBeGreaterThan(0.5);
      // Fitted to be read: nodes apart enough to tell (and title) one from another, not specks around empty space.
      const nearest = points.map((p, i) => Math.min(...points.filter((_, j) => j !== i).map((q) => Math.hypot(p.x - q.x, p.y - q.y)))).sort((a, b) => a - b);
      expect(nearest[Math.floor(nearest.length / 2)]).toBeGreaterThan(14);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
  });

  it('writes no two graph titles over each other where nodes are dense on a phone: the highlighted first, then the most linked', async () => {
    // A hub linked from thirty concepts, each also linked to its neighbour: a dense cluster.
    const account = await createAccount(stack.url, 'graphtitles');
    const post = async (json: unknown) => (await api(stack.url, 'POST', '/api/concepts', { token: account.token, json })).body;
    await post({ title: 'Cellule' });
    for (let i = 0; i < 30; i++) await post({ title: `Organite ${i}`, content: `Dans la [[Cellule]]${i ? `, près de [[Organite ${i - 1}]]` : ''}` });
    const { context, page } = await openSignedIn(browser, stack.url, account.token, { width: 390, height: 844 });
    // Painted on the page (the same drawing as the worker's), where each title written can be read back.
    await page.addInitScript(() => {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
      const proto = CanvasRenderingContext2D.prototype;
      const [fillText, clearRect] = [proto.fillText, proto.clearRect];
      const w = window as unknown as { graphTitles: { text: string; x: number; y: number; width: number }[] };
      w.graphTitles = [];
      proto.clearRect = function (...args: Parameters<typeof clearRect>) {
        w.graphTitles = [];
        return clearRect.apply(this, args);
      };
      proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
        w.graphTitles.push({ text, x, y, width: this.measureText(text).width });
        return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
      };
    });
    await page.goto(`${stack.url}/graph`);
    await page.locator('[data-testid="knowledge-graph"][data-state="stable"]').waitFor({ timeout: 45_000 });
    await page.waitForFunction(() => performance.getEntriesByName('graph-stable').length === 1, undefined, { timeout: 45_000 });
    const titles = () => page.evaluate(() => (window as unknown as { graphTitles: { text: string; x: number; y: number; width: number }[] }).graphTitles);
    const overlapping = (written: { x: number; y: number; width: number }[]) => {
      // A 12 px line, centred on its y.
      const box = (t: { x: number; y: number; width: number }) => ({ left: t.x, right: t.x + t.width, top: t.y - 6, bottom: t.y + 6 });
      let pairs = 0;
      written.forEach((a, i) =>
        written.slice(i + 1).forEach((b) => {
          const [p, q] = [box(a), box(b)];
          if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) pairs += 1;
        }),
      );
      return pairs;
    };
    // Walked to from the keyboard, a node is shown close up and highlighted.
    const canvas = page.getByRole('img', { name: /Knowledge Graph/ });
    await canvas.focus();
    const tooltip = page.getByRole('tooltip');
    for (let i = 0; i < 31 && (await tooltip.count() ? await tooltip.textContent() : '') !== 'Organite 20'; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await titles()).map((t) => t.text), { timeout: 45_000 }).toContain('Organite 20');
    const written = await titles();
    await screenshot(page, 'graph-titles-dense-phone');
    expect(written.length).toBeGreaterThan(3);
    expect(overlapping(written)).toBe(0);
    // The hub, linked most, keeps its title.
    expect(written.map((t) => t.text)).toContain('Cellule');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('paints the knowledge graph on the page itself where a canvas cannot go to a worker', async () => {
    const { ids, context, page } = await openGraph(true);
    await screenshot(page, 'graph-painted-here');
    const canvas = page.getByRole('img', { name: /Knowledge Graph/ });
    // Something is drawn: the canvas is no longer blank.
    const inked = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('[data-testid="knowledge-graph"] canvas')!;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
    expect(inked).toBeGreaterThan(100);
    await canvas.focus();
    const tooltip = page.getByRole('tooltip');
    const shown = async () => ((await tooltip.count()) ? await tooltip.textContent() : '');
    for (let i = 0; i < 6 && (await shown()) !== 'Atome'; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/concepts/${ids.Atome}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
