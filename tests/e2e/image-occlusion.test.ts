/**
 * Image occlusion in one journey: in the concept's 'Créer' tab an image uploaded, then the
 * concept's own figure chosen instead, one zone
 * drawn with the mouse and one added and placed from the keyboard, two cards made; the zones
 * reopened from the card list and the second made an ellipse; then a
 * study session at phone size where the asked zone is covered in the question (its pixels
 * are the mask's colour) and uncovered in the answer.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { a11yViolations } from './axe';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

/**
 * The colour on screen at the centre of an element, read from a screenshot of that one pixel.
 * A 1x1 PNG's one row needs no unfiltering (every PNG filter predicts 0 from outside the image).
 */
async function colourAtCentre(page: Page, element: Locator): Promise<number[]> {
  const box = (await element.boundingBox())!;
  const png = await page.screenshot({ clip: { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2), width: 1, height: 1 } });
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const size = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + size));
    at += size + 12;
  }
  return [...inflateSync(Buffer.concat(idat)).subarray(1, 4)];
}
const MASK = [0xff, 0x7e, 0x7e];
const isMask = (rgb: number[]) => rgb.every((v, i) => Math.abs(v - MASK[i]!) <= 2);

describe('image occlusion', () => {
  it('draws zones with the mouse and the keyboard, makes a card per zone, masks the asked zone in the question and reveals it in the answer', async () => {
    const account = await createAccount(stack.url, 'occlusion');
    // The concept already shows an image (a figure of its document).
    const logo = readFileSync('web/public/icons/icon-512.png');
    const form = new FormData();
    form.append('file', new File([logo], 'logo.png', { type: 'image/png' }));
    const uploaded = (await (await fetch(`${stack.url}/api/v1/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form })).json()) as { public_url: string };
    const logoFigure = { type: 'figure', attrs: { src: uploaded.public_url, alt: 'Logo du site', title: '' } };
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Logo', content: { type: 'doc', content: [logoFigure] } } });
    const { context, page } = await signedInPage(browser, stack.url, account.token);

    await page.goto(`${stack.url}/concepts/${concept.body.id}`);
    await page.getByRole('tab', { name: 'Créer' }).click();
    // An uploaded image opens the zone editor; so does one of the concept's, chosen from the keyboard instead.
    await page.getByLabel('Ou téléverser une image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    const canvas = page.getByTestId('occlusion-canvas');
    const canvasImage = canvas.getByRole('img');
    await expect.poll(() => canvasImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    const pick = page.getByRole('button', { name: 'Masquer l’image « Logo du site »' });
    await pick.press('Enter');
    expect(await pick.getAttribute('aria-pressed')).toBe('true');
    expect(await canvasImage.getAttribute('src')).toBe(uploaded.public_url);
    await expect.poll(() => canvasImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    // One zone drawn with the mouse over the image's top-left quarter.
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.25, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4, { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: /^Zone 1 : à 10 % du bord gauche, 10 % du haut, 30 % de large, 30 % de haut$/ }).waitFor();
    await page.getByLabel('Réponse', { exact: true }).fill('Coin');
    // Another from the keyboard: added in the middle, moved right 10 steps, grown 5 steps down.
    await page.getByRole('button', { name: 'Ajouter une zone' }).press('Enter');
    const second = page.getByRole('button', { name: /^Zone 2 :/ });
    await second.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => second.textContent()).toBe('Zone 2 : à 50 % du bord gauche, 40 % du haut, 20 % de large, 25 % de haut');
    await screenshot(page, 'occlusion-editor');
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await page.getByRole('button', { name: 'Créer 2 cartes' }).click();
    await page.getByText('2 cartes créées avec succès!').waitFor();
    const cards = (await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token })).body as { answer: string; occlusion: { image: string; target: number; shapes: unknown[] } }[];
    expect(cards.map((c) => [c.answer, c.occlusion.target, c.occlusion.shapes.length, c.occlusion.image])).toEqual([
      ['Coin', 0, 2, uploaded.public_url],
      ['Zone 2 sur 2', 1, 2, uploaded.public_url],
    ]);
    // Reopened from the card list: the same zones; the second made an ellipse, saved on the same two cards.
    await page.getByRole('tab', { name: 'Réviser' }).click();
    await page.getByRole('button', { name: 'Modifier les zones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier les zones' });
    await dialog.getByRole('button', { name: /^Zone 2 : à 50 % du bord gauche/ }).waitFor();
    await dialog.getByRole('combobox').nth(1).selectOption('ellipse');
    await expect.poll(() => dialog.getByTestId('occlusion-canvas').locator('ellipse').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Enregistrer les zones' }).click();
    await page.getByText('Zones enregistrées : 2 cartes.').waitFor();
    const edited = (await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token })).body as { id: number; answer: string; occlusion: { target: number; version: number; shapes: { kind: string; left: number }[] } }[];
    expect(edited.map((c) => [c.answer, c.occlusion.target, c.occlusion.shapes.map((s) => s.kind).join()])).toEqual([
      ['Coin', 0, 'rect,ellipse'],
      ['Zone 2 sur 2', 1, 'rect,ellipse'],
    ]);
    // Reopened, then changed elsewhere before saving: the person's zones stay and they choose.
    await page.getByRole('button', { name: 'Modifier les zones' }).click();
    await dialog.getByRole('button', { name: /^Zone 2 : ellipse à 50 % du bord gauche/ }).waitFor();
    const group = edited[0]!;
    const elsewhere = await api(stack.url, 'PUT', `/api/flashcards/${group.id}/occlusion`, {
      token: account.token,
      json: { version: group.occlusion.version, shapes: group.occlusion.shapes.map((s, i) => (i === 1 ? { ...s, left: 0.6 } : s)), mode: 'hide_one', header: '' },
    });
    expect(elsewhere.status).toBe(200);
    await dialog.getByRole('button', { name: 'Enregistrer les zones' }).click();
    const stale = dialog.getByRole('alert');
    await stale.getByRole('button', { name: 'Garder mes zones' }).waitFor();
    expect(await stale.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Zone 2 : ellipse à 50 % du bord gauche/ }).count()).toBe(1);
    await screenshot(page, 'occlusion-stale-choice');
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => ((await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token })).body as typeof edited).map((c) => `${c.occlusion.version}:${c.occlusion.shapes[1]!.left}`))
      .toEqual(['3:0.5', '3:0.5']);

    // A study session on a phone: the question covers the asked zone only (hide one, guess one).
    await page.setViewportSize({ width: 390, height: 844 });
    const session = await api(stack.url, 'POST', '/api/study-sessions', { token: account.token, json: { method_type: 'FLASHCARDS', concept_ids: [concept.body.id] } });
    await page.goto(`${stack.url}/study/session/${session.body.id}`);
    const figure = page.getByTestId('session-occlusion');
    await expect.poll(() => figure.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    const caption = (await figure.locator('figcaption').textContent())!;
    const asked = Number(/Zone masquée (\d) sur 2/.exec(caption)![1]) - 1;
    const masks = figure.locator('[data-kind]');
    expect(await masks.count()).toBe(1);
    expect(isMask(await colourAtCentre(page, masks.first()))).toBe(true);
    await screenshot(page, 'occlusion-question-phone');
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    // Revealed from the keyboard: the same place now shows the image, outlined.
    await page.keyboard.press('Space');
    await page.getByTestId('session-answer').waitFor();
    await expect.poll(() => figure.locator('figcaption').textContent()).toContain(`Zone ${asked + 1} sur 2 révélée`);
    expect(await figure.locator('[data-kind="revealed"]').count()).toBe(1);
    expect(isMask(await colourAtCentre(page, figure.locator('[data-kind="revealed"]')))).toBe(false);
    expect(await page.getByTestId('session-answer').textContent()).toBe(cards[asked]!.answer);
    await screenshot(page, 'occlusion-answer-phone');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
