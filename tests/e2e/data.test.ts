/**
 * The Settings page's Data tab in Chromium: the export preview, a JSON backup
 * downloaded and restored into another account with progress and the spec's toasts, the
 * file checks, delete-all behind its typed confirmation, a Markdown vault both ways, and
 * cards from a table (preview, column mapping, import with its progress bar).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage, SCREENSHOTS } from './browser';
import { axeViolations } from './axe';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

async function dataTab(account: Account, size: { width?: number; height?: number } = {}): Promise<Page> {
  const { page } = await signedInPage(browser, stack.url, account.token, size);
  await page.goto(`${stack.url}/settings?tab=data`);
  await page.getByRole('heading', { name: 'Export your data' }).waitFor();
  return page;
}

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

describe('the Data tab', () => {
  it('exports a backup, restores it into another account, and deletes everything behind the typed phrase', async () => {
    const alice = await createAccount(stack.url, 'data');
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: alice.token, json: { title: 'Sauvegarde', content: 'Un concept à garder.', tag_names: ['archive'] } });
    expect(concept.status).toBe(201);
    const card = await api(stack.url, 'POST', `/api/concepts/${concept.body.id}/flashcards`, { token: alice.token, json: { question: 'Que garde-t-on ?', answer: 'Tout' } });
    expect(card.status).toBe(201);
    expect((await api(stack.url, 'POST', `/api/flashcards/${card.body.id}/review`, { token: alice.token, json: { rating: 3 } })).status).toBe(200);
    // Alice's own FSRS parameters travel in her Anki package's preset.
    const aliceParams = [0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477, 1.0007, 0.0674, 1.6597, 0.1712, 1.1178, 2.0225, 0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468, 0.0762, 0.2163];
    expect((await api(stack.url, 'PUT', '/api/users/me/fsrs-params', { token: alice.token, json: { params: aliceParams } })).status).toBe(200);

    const page = await dataTab(alice);
    await expect.poll(() => count(page, 'concepts').textContent()).toBe('1');
    expect(await count(page, 'flashcards').textContent()).toBe('1');
    expect(await count(page, 'reviews').textContent()).toBe('1');
    await page.getByText('Total items: 3').waitFor();
    await screenshot(page, 'data-tab');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('pkm_export.json');
    await page.getByText('Data exported successfully!').waitFor();
    const backup = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(backup).concepts[0].title).toBe('Sauvegarde');
    const [apkg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export flashcards (Anki .apkg)' }).click()]);
    expect(apkg.suggestedFilename()).toBe('flashcards.apkg');
    await page.getByText('Flashcards exported to APKG successfully!').waitFor();
    const apkgBytes = readFileSync((await apkg.path())!);
    expect(apkgBytes.subarray(0, 2).toString()).toBe('PK');

    // Restore into another account, replacing what it had.
    const bob = await createAccount(stack.url, 'data');
    await api(stack.url, 'POST', '/api/concepts', { token: bob.token, json: { title: 'À remplacer' } });
    const other = await dataTab(bob);
    await expect.poll(() => count(other, 'concepts').textContent()).toBe('1');
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    await other.getByText('Please select a file to import.').waitFor();
    const fileInput = other.locator('input[type="file"][accept=".json,application/json"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    await other.getByText('Please select a JSON file').waitFor();

    await fileInput.setInputFiles({ name: 'pkm_export.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
    await other.getByText('(dangerous)').click();
    await screenshot(other, 'data-tab-replace');
    await other.getByRole('button', { name: 'Replace my data' }).click();
    // Confirmed first, naming what goes; Cancel leaves everything as it was.
    const confirmReplace = other.getByRole('dialog', { name: 'Replace all your data?' });
    await confirmReplace.getByText(/permanently deletes 1 concepts, 0 flashcards, 0 reviews, 0 study sessions, 0 constellations and 0 notes/).waitFor();
    await screenshot(other, 'data-tab-replace-confirm');
    await confirmReplace.getByRole('button', { name: 'Cancel' }).click();
    expect(JSON.stringify((await api(stack.url, 'GET', '/api/concepts', { token: bob.token })).body)).toContain('À remplacer');
    await other.getByRole('button', { name: 'Replace my data' }).click();
    await confirmReplace.getByRole('button', { name: 'Replace my data' }).click();
    await other.getByText('Data imported successfully').waitFor();
    await other.getByText('Imported: 1 concepts, 1 flashcards, 1 reviews, 0 study sessions').waitFor();
    await expect.poll(() => count(other, 'reviews').textContent()).toBe('1');
    const concepts = await api(stack.url, 'GET', '/api/concepts', { token: bob.token });
    expect(JSON.stringify(concepts.body)).toContain('Sauvegarde');
    expect(JSON.stringify(concepts.body)).not.toContain('À remplacer');

    // A broken file: the failure toast, nothing changed.
    await fileInput.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(backup.slice(0, 100)) });
    await other.getByRole('button', { name: 'Replace my data' }).click();
    await confirmReplace.getByRole('button', { name: 'Replace my data' }).click();
    await other.getByText(/Import failed: The file is not valid JSON/).waitFor();

    // Delete-all: the button waits for the exact phrase.
    await other.getByRole('button', { name: 'Delete all data' }).click();
    const confirm = other.getByLabel('Confirmation text');
    const destroy = other.getByRole('button', { name: 'Permanently delete all data' });
    await confirm.fill('delete all my data');
    await other.getByText('Please type the confirmation text exactly as shown.').waitFor();
    expect(await destroy.isDisabled()).toBe(true);
    await confirm.fill('DELETE ALL MY DATA');
    await screenshot(other, 'data-tab-delete');
    await destroy.click();
    await other.getByText('All data has been permanently deleted').waitFor();
    await expect.poll(() => count(other, 'concepts').textContent()).toBe('0');
    await other.getByText('No flashcards to export').waitFor();
    expect(await other.getByRole('button', { name: 'Export flashcards (Anki .apkg)' }).isDisabled()).toBe(true);
    // Alice's Anki package, imported into the emptied account.
    await other.locator('input[type="file"][accept=".apkg"]').setInputFiles({ name: 'flashcards.apkg', mimeType: 'application/octet-stream', buffer: apkgBytes });
    // The import's answer is held until its progress bar has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await other.route('**/api/export-import/import/apkg', async (route) => (await held, route.continue()));
    await other.getByRole('button', { name: 'Import Anki package' }).click();
    await other.getByRole('progressbar', { name: 'Import from Anki progress' }).waitFor();
    release();
    await other.getByText('Anki package imported successfully').waitFor();
    // Her preset's FSRS parameters are offered, not taken: Bob's stay the defaults until he chooses them.
    const offer = other.getByRole('group', { name: 'This collection carries FSRS parameters from its Anki preset.' });
    await offer.waitFor();
    expect((await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: bob.token })).body.params).toBeNull();
    await screenshot(other, 'data-tab-anki-fsrs-offer');
    await offer.getByRole('button', { name: 'Use these FSRS parameters' }).click();
    await other.getByText('FSRS parameters saved: your next reviews use them.').waitFor();
    await offer.waitFor({ state: 'detached' });
    expect((await api(stack.url, 'GET', '/api/users/me/fsrs-params', { token: bob.token })).body.params).toEqual(aliceParams);
    // The JSON import's summary toast may still be showing (8 s): this one is the last.
    await other.getByText('Imported: 1 concepts, 1 flashcards, 1 reviews, 0 study sessions').last().waitFor();
    await expect.poll(() => count(other, 'flashcards').textContent()).toBe('1');

    // Alice's page, reloaded: nothing of hers went.
    await page.reload();
    await expect.poll(() => count(page, 'concepts').textContent()).toBe('1');
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(other)).toEqual([]);
  });

  it('imports a zipped Obsidian vault with its summary, refuses a file that is not one, and downloads the Markdown vault', async () => {
    const folder = path.resolve('tests/fixtures/vaults/obsidian');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const vault = zipSync(Object.fromEntries(files(folder).map((f) => [`Astronomie/${path.relative(folder, f)}`, readFileSync(f)])));
    const carol = await createAccount(stack.url, 'data');
    const page = await dataTab(carol, { width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Import a Markdown vault' }).waitFor();
    const input = page.locator('input[type="file"][accept=".zip,application/zip"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Import vault' }).click();
    await page.getByText('Please select a .zip of your vault').waitFor();
    // A .zip that is not one: the server's French error, and nothing changes.
    await input.setInputFiles({ name: 'faux.zip', mimeType: 'application/zip', buffer: Buffer.from('pas une archive') });
    await page.getByRole('button', { name: 'Import vault' }).click();
    await page.getByText(/Import failed: Le fichier n'est pas une archive \.zip lisible/).waitFor();
    expect(await count(page, 'concepts').textContent()).toBe('0');

    await input.setInputFiles({ name: 'Astronomie.zip', mimeType: 'application/zip', buffer: Buffer.from(vault) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/export-import/import/vault', async (route) => (await held, route.continue()));
    await page.getByRole('button', { name: 'Import vault' }).click();
    await page.getByRole('progressbar', { name: 'Import a Markdown vault progress' }).waitFor();
    release();
    await page.getByRole('tabpanel', { name: 'Data' }).getByText('Imported: 5 concepts, 6 flashcards, 1 daily notes, 2 attachments').waitFor();
    await expect.poll(() => count(page, 'concepts').textContent()).toBe('5');
    await screenshot(page, 'data-tab-vault-phone');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Markdown vault' }).click()]);
    expect(download.suggestedFilename()).toBe('astrolabe-vault.zip');
    await page.getByText('Markdown vault exported successfully!').waitFor();
    const exported = unzipSync(readFileSync((await download.path())!));
    expect(Object.keys(exported)).toEqual(expect.arrayContaining(['Bienvenue.md', 'Ciel/Étoiles.md', 'Journal/2024-03-15.md', 'attachments/nébuleuse.png']));
    expect(pageErrors(page)).toEqual([]);
  });

  it('previews a spreadsheet, maps its columns and imports its cards with a progress bar; a one-column paste gets the French error', async () => {
    const dana = await createAccount(stack.url, 'data');
    for (const size of [{ width: 390, height: 844 }, {}]) {
      const page = await dataTab(dana, size);
      const section = page.getByRole('region', { name: 'Import cards from a table' });
      await section.locator('input[type="file"]').setInputFiles({ name: 'cartes.csv', mimeType: 'text/csv', buffer: readFileSync('tests/fixtures/card-tables/excel-fr.csv') });
      await section.getByRole('button', { name: 'Preview' }).click();
      await section.getByText('4 rows found.').waitFor();
      expect(await section.getByRole('columnheader').allTextContents()).toEqual(['Recto', 'Verso', 'Étiquettes']);
      expect(await section.getByRole('row').nth(2).getByRole('cell').first().textContent()).toBe("Qu'est-ce qu'une année-lumière ?");
      // The header names the columns: front, back and tags are proposed, concept left to the person.
      const selected = (label: string) => section.getByLabel(label, { exact: true }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent);
      expect([await selected('Front (question)'), await selected('Back (answer)'), await selected('Tags'), await selected('Concept')]).toEqual(['Recto', 'Verso', 'Étiquettes', 'None']);
      await section.getByLabel(/^Into the concept/).fill('Astronomie');
      await screenshot(page, `data-tab-card-table-${size.width ? 'phone' : 'desktop'}`);
      await section.screenshot({ path: path.join(SCREENSHOTS, `data-tab-card-table-${size.width ? 'phone' : 'desktop'}-section.png`) });
      expect(await axeViolations(page.mainFrame())).toEqual([]);
      if (size.width) {
        // The import's answer is held until its progress bar has been seen.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/export-import/import/cards', async (route) => (await held, route.continue()));
        await section.getByRole('button', { name: 'Import cards' }).click();
        await section.getByRole('progressbar', { name: 'Card import progress' }).waitFor();
        release();
        await section.getByText('Imported: 3 flashcards into “Astronomie” (1 new concepts), 1 rows without front or back').waitFor();
        await expect.poll(() => count(page, 'flashcards').textContent()).toBe('3');
      } else {
        // The same file again on the desktop: nothing is added twice.
        await section.getByRole('button', { name: 'Import cards' }).click();
        await section.getByText('Imported: 0 flashcards into “Astronomie”, 3 already there, 1 rows without front or back').waitFor();
        // One column pasted: the server's French sentence, and nothing changes.
        await section.getByLabel('Or paste the rows').fill('lune\nsoleil\n');
        await section.getByRole('button', { name: 'Preview' }).click();
        await section.getByText('2 rows found.').waitFor();
        await section.getByLabel(/^Into the concept/).fill('Une colonne');
        await section.getByRole('button', { name: 'Import cards' }).click();
        await section.getByRole('alert').getByText(/Une seule colonne a été trouvée/).waitFor();
        expect(await count(page, 'flashcards').textContent()).toBe('3');
      }
      expect(pageErrors(page)).toEqual([]);
    }
  });
});
