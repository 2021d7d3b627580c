/**
 * The concept form when its content changed elsewhere meanwhile: without
 * its live session the form sends the content with the version it read; the server
 * refuses with 409, the form keeps the person's text, says so in French and offers
 * 'Fusionner', which re-applies their changed blocks on the current content to save again.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { newPage, pageErrors, screenshot, useBrowser, signIn } from './browser';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

const doc = (...lines: string[]) => ({ type: 'doc', content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });

describe('the concept form on a content conflict', () => {
  it('keeps the text, explains, and merges with the current content on Fusionner', async () => {
    const account = await createAccount(stack.url, 'conflit');
    const created = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Ribosome', content: doc('Premier', 'Second') } });
    const id = created.body.id as number;
    const { page } = await newPage(browser, { width: 1280, height: 900 });
    // No live session for this form (the app cannot learn the party host): it saves the content itself.
    await page.route('**/api/config', (route) => route.abort());
    await signIn(page, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/${id}/edit`);
    const editor = page.getByRole('textbox', { name: 'Contenu', exact: true });
    await editor.getByText('Second').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' du formulaire');

    // Meanwhile, elsewhere, the same paragraph changes and a new one is added.
    const read = await api(stack.url, 'GET', `/api/concepts/${id}`, { token: account.token });
    const elsewhere = await api(stack.url, 'PUT', `/api/concepts/${id}`, { token: account.token, json: { title: 'Ribosome', content: doc('Premier', 'Second ailleurs', 'Troisième'), content_version: read.body.content_version } });
    expect(elsewhere.status).toBe(200);

    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Ce concept a été modifié ailleurs' });
    await alert.waitFor();
    expect(await editor.innerText()).toContain('Second du formulaire');
    await screenshot(page, 'concept-form-conflict');

    await alert.getByRole('button', { name: 'Fusionner' }).click();
    await page.getByText('Vos modifications ont été réappliquées sur la version actuelle.').waitFor();
    for (const line of ['Premier', 'Second ailleurs', 'Second du formulaire', 'Troisième']) await editor.getByText(line, { exact: true }).waitFor();
    await screenshot(page, 'concept-form-merged');

    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Concept mis à jour avec succès!').waitFor();
    const saved = await api(stack.url, 'GET', `/api/concepts/${id}`, { token: account.token });
    // The blocks changed elsewhere stay first; the person's version of them follows.
    expect(saved.body.content_text).toBe('Premier\nSecond ailleurs\nTroisième\nSecond du formulaire');
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the stored content at once while the live room connects, then edits it live', async () => {
    const account = await createAccount(stack.url, 'attente');
    const created = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Noyau', content: doc('Contenu stocké du noyau') } });
    const id = created.body.id as number;
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    // The room is slow to answer: its socket waits until the test lets it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.routeWebSocket(/\/parties\/main\//, async (ws) => {
      await released;
      ws.connectToServer();
    });
    await signIn(page, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/${id}/edit`);
    const preview = page.getByTestId('content-preview');
    await preview.getByText('Contenu stocké du noyau').waitFor();
    expect(await page.getByLabel('Titre').inputValue()).toBe('Noyau');
    expect(await page.getByRole('textbox', { name: 'Contenu', exact: true }).count()).toBe(0);
    release();
    const editor = page.getByRole('textbox', { name: 'Contenu', exact: true });
    await editor.getByText('Contenu stocké du noyau').waitFor();
    expect(await preview.count()).toBe(0);
    await context.close();
  });
});
