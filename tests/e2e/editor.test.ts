/**
 * The rich-text editor in Chromium, one test per tool, on /tiptap-test (the document
 * persists in localStorage there, which is what "after reload" relies on). Concepts and
 * flashcards are real, created through the API.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createAccount, type Account } from '../support/client';
import { launchBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { answerNextDialog, openEditorPage, paragraphs, solidPng, waitSaved } from './editor-support/editor-page';

const stack = inject('stack');
let browser: Browser;
let account: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount(stack.url, 'editor');
});
afterAll(async () => {
  await browser?.close();
});

describe('rich-text editor', () => {
  it('formats text: bold, italic, highlight, headings, alignment, lists, quote, code, link', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url);
    const button = (name: string) => toolbar.getByRole('button', { name, exact: true });
    expect(await editor.getAttribute('aria-label')).toBe('Contenu');
    // Icons, not letters: every tool is a drawn icon named by its French tooltip.
    const tools = await toolbar.getByRole('button').evaluateAll((els) => els.map((e) => ({ text: e.textContent, icon: !!e.querySelector('svg'), title: e.getAttribute('title') })));
    expect(tools.length).toBeGreaterThan(20);
    for (const tool of tools) expect(tool).toMatchObject({ text: '', icon: true, title: expect.any(String) });
    expect(await page.locator('.ProseMirror p.is-empty').getAttribute('data-placeholder')).toBe('Commencez à écrire ou tapez "/" pour les commandes...');
    await editor.click();
    // The empty-line menu offers its blocks while the line is empty.
    const emptyLine = page.getByRole('toolbar', { name: 'Menu de ligne vide' });
    await emptyLine.waitFor();
    expect(await emptyLine.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['Titre 2', 'Liste à puces', 'Liste numérotée', 'Citation', 'Image par URL', 'Insérer un tableau']);
    // It leaves the placeholder readable: nothing of it over the placeholder's text.
    const placeholderEnd = await page.locator('.ProseMirror p.is-empty').evaluate((p) => {
      const style = getComputedStyle(p, '::before');
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontSize} ${style.fontFamily}`;
      const box = p.getBoundingClientRect();
      return { left: box.left, right: box.left + parseFloat(getComputedStyle(p).paddingLeft) + ctx.measureText(p.getAttribute('data-placeholder')!).width, top: box.top, bottom: box.bottom };
    });
    const menuBox = (await emptyLine.boundingBox())!;
    const overlaps = menuBox.x < placeholderEnd.right && menuBox.x + menuBox.width > placeholderEnd.left && menuBox.y < placeholderEnd.bottom && menuBox.y + menuBox.height > placeholderEnd.top;
    expect(overlaps).toBe(false);
    const editorBox = (await editor.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(editorBox.x);
    await page.keyboard.type('Bonjour le monde');
    await emptyLine.waitFor({ state: 'hidden' });
    await page.keyboard.press('Shift+Home');
    await button('Gras').click();
    await button('Italique').click();
    await button('Surligner').click();
    expect(await editor.locator('strong em mark, strong mark, em mark').first().textContent()).toBe('Bonjour le monde');
    expect(await editor.locator('mark').getAttribute('data-color')).toBe('#ffec99');
    await button('Centrer').click();
    expect(await editor.locator('p').first().getAttribute('style')).toContain('text-align: center');

    // Links: a javascript: address is refused, a bare domain gets https, empty removes.
    let dialog = answerNextDialog(page, 'javascript:alert(1)');
    await button('Lien').click();
    await dialog;
    await page.getByText('URL invalide').waitFor();
    dialog = answerNextDialog(page, 'example.com');
    await button('Lien').click();
    await dialog;
    expect(await editor.locator('a').getAttribute('href')).toBe('https://example.com/');
    dialog = answerNextDialog(page, '');
    await button('Lien').click();
    await dialog;
    expect(await editor.locator('a').count()).toBe(0);

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await button('Titre 1').click();
    expect(await page.locator('.ProseMirror h1.is-empty').getAttribute('data-placeholder')).toBe('Titre...');
    await page.keyboard.type('Un titre');
    await page.keyboard.press('Enter');
    await button('Liste à puces').click();
    await page.keyboard.type('puce');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await button('Liste de tâches').click();
    await page.keyboard.type('tâche');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await button('Citation').click();
    await page.keyboard.type('une citation');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await button('Bloc de code').click();
    await page.keyboard.type('const x = 1;');
    expect(await editor.locator('h1').textContent()).toBe('Un titre');
    expect(await editor.locator('ul:not([data-type]) li').textContent()).toBe('puce');
    expect(await editor.locator('ul[data-type="taskList"] li').textContent()).toContain('tâche');
    expect(await editor.locator('blockquote').textContent()).toBe('une citation');
    expect(await editor.locator('pre code').textContent()).toBe('const x = 1;');
    // Undo takes back the last typing; the footer counts words and characters.
    await button('Annuler la modification').click();
    expect(await editor.textContent()).not.toContain('const x = 1;');
    await button('Rétablir la modification').click();
    expect(await editor.locator('pre code').textContent()).toBe('const x = 1;');
    expect(await page.getByTestId('editor-counts').textContent()).toMatch(/\d+ mots.*\d+ \/ 100000 caractères/);
    await screenshot(page, 'editor-formatting');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('inserts a 3x3 table with a header row, adds and deletes rows and columns, then deletes it', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url);
    await editor.click();
    await toolbar.getByRole('button', { name: 'Insérer un tableau' }).click();
    const rows = editor.locator('table tr');
    expect(await rows.count()).toBe(3);
    expect(await editor.locator('table tr').first().locator('th').count()).toBe(3);
    await page.keyboard.type('A1');
    await page.keyboard.press('ArrowDown'); // into the first body row
    await page.keyboard.type('B1');
    const tools = toolbar.getByRole('group', { name: 'Outils du tableau' });
    await tools.getByRole('button', { name: 'Ajouter une colonne après' }).click();
    expect(await rows.first().locator('th, td').count()).toBe(4);
    await tools.getByRole('button', { name: 'Ajouter une ligne après' }).click();
    expect(await rows.count()).toBe(4);
    await screenshot(page, 'editor-table-grown');
    await tools.getByRole('button', { name: 'Supprimer la colonne' }).click();
    expect(await rows.first().locator('th, td').count()).toBe(3);
    await tools.getByRole('button', { name: 'Supprimer la ligne' }).click();
    expect(await rows.count()).toBe(3);
    await tools.getByRole('button', { name: "Basculer la ligne d'en-tête" }).click();
    expect(await editor.locator('th').count()).toBe(0);
    await tools.getByRole('button', { name: 'Supprimer le tableau' }).click();
    expect(await editor.locator('table').count()).toBe(0);
    expect(await toolbar.getByRole('group', { name: 'Outils du tableau' }).count()).toBe(0);
    await context.close();
  });

  it('uploads an image, shows it, aligns it, and still shows it after a reload', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url, { token: account.token });
    await editor.click();
    const chooser = page.waitForEvent('filechooser');
    await toolbar.getByRole('button', { name: 'Téléverser une image' }).click();
    await (await chooser).setFiles({ name: 'carre.png', mimeType: 'image/png', buffer: solidPng(60, [220, 40, 120]) });
    await page.getByText('Image uploaded!').waitFor();
    const img = editor.locator('figure img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/api\/v1\/files\/\d+\/[0-9a-f-]{36}$/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(60);
    await img.click();
    await toolbar.getByRole('button', { name: "Centrer l'image" }).click();
    expect(await editor.locator('figure').getAttribute('data-align')).toBe('center');
    await waitSaved(page);
    await screenshot(page, 'editor-image-uploaded');
    await page.reload();
    await page.getByRole('textbox', { name: 'Contenu' }).locator('figure img').waitFor();
    await expect.poll(() => page.locator('figure img').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(60);
    expect(await page.locator('figure').getAttribute('data-align')).toBe('center');
    // An image by URL must be a real http(s) address.
    const dialog = answerNextDialog(page, 'data:image/png;base64,AAAA');
    await page.getByRole('toolbar', { name: "Barre d'outils de l'éditeur" }).getByRole('button', { name: 'Image par URL' }).click();
    await dialog;
    await page.getByText("URL de l'image invalide").waitFor();
    await context.close();
  });

  it('uploads an image into a concept, saves it, and sees it on the concept page after a reload', async () => {
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Concept illustré', content: null, tag_names: [] } });
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/${concept.body.id}/edit`);
    const editor = page.getByRole('textbox', { name: 'Contenu' });
    await editor.click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('toolbar', { name: "Barre d'outils de l'éditeur" }).getByRole('button', { name: 'Téléverser une image' }).click();
    await (await chooser).setFiles({ name: 'vert.png', mimeType: 'image/png', buffer: solidPng(40, [30, 200, 90]) });
    await page.getByText('Image uploaded!').waitFor();
    await editor.locator('figure img').waitFor();
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForURL(`${stack.url}/concepts/${concept.body.id}`);
    await page.reload();
    const shown = page.getByTestId('concept-content').locator('figure img');
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(40);
    await screenshot(page, 'editor-image-on-concept-page');
    await context.close();
  });

  it('attaches a file whose link downloads the same bytes, and refuses a file over 15 MB', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url, { token: account.token });
    await editor.click();
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    let chooser = page.waitForEvent('filechooser');
    await toolbar.getByRole('button', { name: 'Joindre un fichier' }).click();
    await (await chooser).setFiles({ name: 'données.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await page.getByText('File attached successfully!').waitFor();
    const attachment = editor.locator('[data-file-attachment]');
    expect(await attachment.textContent()).toContain('données.bin');
    expect(await attachment.textContent()).toContain('2.9 KB');
    const href = await attachment.locator('a').getAttribute('href');
    const downloaded = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url!)).arrayBuffer())), href);
    expect(Buffer.from(downloaded).equals(bytes)).toBe(true);
    await screenshot(page, 'editor-file-attached');

    // The person chooses a file one byte over 15 MB. Its bytes are made in the page: sent
    // through setFiles they cross the DevTools socket as 20 MB of base64, which a busy
    // machine did not finish within the action's 15 s.
    chooser = page.waitForEvent('filechooser');
    await toolbar.getByRole('button', { name: 'Joindre un fichier' }).click();
    await (await chooser).element().evaluate((input: HTMLInputElement) => {
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'gros.bin', { type: 'application/octet-stream' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.getByText('File is too large. Max size is 15MB.').waitFor();
    expect(await editor.locator('[data-file-attachment]').count()).toBe(1);
    await context.close();
  });

  it('inserts a YouTube video at 75%, and alerts on a bad address', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url);
    await editor.click();
    let dialog = answerNextDialog(page, 'https://vimeo.com/1234');
    const alert = new Promise<string>((resolve) => page.once('dialog', (d) => (page.once('dialog', (a) => (resolve(a.message()), void a.accept())), undefined)));
    await toolbar.getByRole('button', { name: 'Insérer une vidéo YouTube' }).click();
    await dialog;
    expect(await alert).toBe('Invalid YouTube URL. Please try again.');
    dialog = answerNextDialog(page, 'https://youtu.be/dQw4w9WgXcQ');
    await toolbar.getByRole('button', { name: 'Insérer une vidéo YouTube' }).click();
    await dialog;
    const frame = editor.locator('[data-youtube-video] iframe');
    expect(await frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(await frame.getAttribute('width')).toBe('75%');
    await context.close();
  });

  it('keeps every inserted video and image when they are inserted one after another, and types after the last', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url, { token: account.token, doc: paragraphs('Début') });
    const video = async (id: string) => {
      const dialog = answerNextDialog(page, `https://youtu.be/${id}`);
      await toolbar.getByRole('button', { name: 'Insérer une vidéo YouTube' }).click();
      await dialog;
    };
    const upload = async (name: string, rgb: [number, number, number]) => {
      const before = await editor.locator('figure').count();
      const chooser = page.waitForEvent('filechooser');
      await toolbar.getByRole('button', { name: 'Téléverser une image' }).click();
      await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: solidPng(30, rgb) });
      await expect.poll(() => editor.locator('figure').count()).toBe(before + 1);
    };
    // A word the person selected is kept: the insertion goes after it.
    await editor.getByText('Début').dblclick();
    await video('aaaaaaaaaaa');
    await video('bbbbbbbbbbb');
    await upload('rouge.png', [220, 40, 40]);
    await upload('vert.png', [40, 220, 40]);
    await video('ccccccccccc');
    const dialog = answerNextDialog(page, 'https://example.com/photo.png');
    await toolbar.getByRole('button', { name: 'Image par URL' }).click();
    await dialog;
    await expect.poll(() => editor.locator('figure').count()).toBe(3);
    await page.keyboard.type('Fin');
    const blocks = () =>
      editor.evaluate((el) =>
        [...el.children].flatMap((child) => {
          const frame = child.querySelector('iframe');
          if (child.matches('[data-youtube-video]')) return [`video ${frame?.getAttribute('src')?.split('/').pop()}`];
          if (child.tagName === 'FIGURE') return [`image ${child.querySelector('img')?.getAttribute('src')?.startsWith('/api/') ? 'uploaded' : child.querySelector('img')?.getAttribute('src')}`];
          return child.textContent ? [`text ${child.textContent}`] : [];
        }),
      );
    expect(await blocks()).toEqual([
      'text Début',
      'video aaaaaaaaaaa',
      'video bbbbbbbbbbb',
      'image uploaded',
      'image uploaded',
      'video ccccccccccc',
      'image https://example.com/photo.png',
      'text Fin',
    ]);
    const uploaded = await editor.locator('figure img').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(new Set(uploaded.slice(0, 2)).size).toBe(2);
    await screenshot(page, 'editor-media-one-after-another');
    await context.close();
  });

  it('creates and edits a pie chart, rendered as SVG', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url);
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    await editor.click();
    // mermaid is fetched only once a diagram is on the page.
    expect((await scripts()).some((u) => u.includes('RichTextEditor'))).toBe(true);
    expect((await scripts()).filter((u) => /mermaid/.test(u))).toEqual([]);
    await toolbar.getByRole('button', { name: 'Graphique circulaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un graphique circulaire' });
    const create = dialog.getByRole('button', { name: 'Créer' });
    expect(await create.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: "Supprimer l'élément 1" }).count()).toBe(0);
    await dialog.getByLabel('Libellé 1').fill('Chats');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Valeur 1').fill('3');
    expect(await create.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Ajouter un élément' }).click();
    expect(await dialog.getByLabel('Couleur 2').inputValue()).not.toBe(await dialog.getByLabel('Couleur 1').inputValue());
    await dialog.getByLabel('Libellé 2').fill('Chiens');
    await dialog.getByLabel('Valeur 2').fill('5');
    await dialog.getByRole('button', { name: 'Ajouter un élément' }).click(); // left incomplete: not output
    await screenshot(page, 'editor-pie-dialog');
    await create.click();
    const block = editor.locator('[data-mermaid-block]');
    await block.locator('svg').waitFor();
    expect((await scripts()).some((u) => /mermaid\.core/.test(u))).toBe(true);
    expect(await block.locator('svg').textContent()).toContain('Chats');
    expect(await block.locator('svg').textContent()).toContain('Chiens');
    await screenshot(page, 'editor-pie-rendered');

    await block.getByRole('button', { name: 'Modifier le graphique' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le graphique circulaire' });
    expect(await edit.getByLabel('Libellé 2').inputValue()).toBe('Chiens');
    await edit.getByLabel('Libellé 1').fill('Félins');
    await edit.getByRole('button', { name: 'Mettre à jour' }).click();
    await expect.poll(() => block.locator('svg').textContent()).toContain('Félins');

    // Code edit mode: a broken diagram shows the render error; Supprimer removes the block.
    await block.getByRole('button', { name: 'Modifier le diagramme' }).click();
    await block.getByLabel('Code Mermaid').fill('pie\n "oops" : ');
    await block.getByRole('button', { name: 'Sauvegarder' }).click();
    await block.getByText('Erreur de rendu Mermaid').waitFor();
    await block.getByRole('button', { name: 'Modifier le diagramme' }).click();
    await block.getByRole('button', { name: 'Supprimer' }).click();
    expect(await editor.locator('[data-mermaid-block]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('creates and edits a flowchart with its validation messages, rendered as SVG', async () => {
    const { context, page, editor, toolbar } = await openEditorPage(browser, stack.url);
    await editor.click();
    await toolbar.getByRole('button', { name: 'Diagramme de flux' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un diagramme de flux' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Please add at least one node to create a flowchart.').waitFor();
    await dialog.getByRole('button', { name: 'Ajouter le nœud' }).click();
    await dialog.getByText('Node label cannot be empty.').waitFor();
    await dialog.getByLabel('ID du nœud').fill('A');
    await dialog.getByLabel('Libellé du nœud').fill('Début');
    await dialog.getByRole('button', { name: 'Ajouter le nœud' }).click();
    await dialog.getByLabel('ID du nœud').fill('A');
    await dialog.getByLabel('Libellé du nœud').fill('Encore');
    await dialog.getByRole('button', { name: 'Ajouter le nœud' }).click();
    await dialog.getByText('Node ID must be unique.').waitFor();
    await dialog.getByLabel('ID du nœud').fill('');
    await dialog.getByLabel('Libellé du nœud').fill('Fin "heureuse"');
    await dialog.getByLabel('Forme').selectOption('round');
    await dialog.getByRole('button', { name: 'Ajouter le nœud' }).click();
    await dialog.getByRole('button', { name: 'Ajouter le lien' }).click();
    await dialog.getByText('Source and Target nodes must be selected for a link.').waitFor();
    await dialog.getByLabel('Source').selectOption('A');
    await dialog.getByLabel('Cible').selectOption({ index: 2 });
    await dialog.getByLabel('Texte du lien').fill('ensuite');
    await dialog.getByRole('button', { name: 'Ajouter le lien' }).click();
    await dialog.getByLabel('Direction').selectOption('LR');
    await screenshot(page, 'editor-flowchart-dialog');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    const block = editor.locator('[data-mermaid-block]');
    await block.locator('svg').waitFor();
    const text = await block.locator('svg').textContent();
    expect(text).toContain('Début');
    expect(text).toContain('Fin "heureuse"');
    expect(text).toContain('ensuite');
    await screenshot(page, 'editor-flowchart-rendered');

    await block.getByRole('button', { name: 'Modifier le diagramme de flux' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le diagramme de flux' });
    await edit.getByRole('button', { name: 'Supprimer le nœud Début' }).click();
    expect(await edit.getByRole('button', { name: /Supprimer le lien/ }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Mettre à jour' }).click();
    await expect.poll(() => block.locator('svg').textContent()).not.toContain('Début');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('filters the slash menu case-insensitively, only in paragraphs', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url);
    await editor.click();
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox', { name: 'Commandes' });
    await menu.waitFor();
    expect(await menu.getByRole('option').allTextContents()).toEqual(['Titre 1', 'Titre 2', 'Liste à puces', 'Liste numérotée', 'Liste de tâches', 'Citation', 'Code', 'Tableau']);
    await page.keyboard.type('LISTE');
    await expect.poll(() => menu.getByRole('option').allTextContents()).toEqual(['Liste à puces', 'Liste numérotée', 'Liste de tâches']);
    await screenshot(page, 'editor-slash-menu');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await editor.locator('ol').count()).toBe(1);
    expect(await editor.textContent()).not.toContain('/LISTE');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/titre 1');
    await page.keyboard.press('Enter');
    expect(await editor.locator('h1').count()).toBe(1);
    // In a heading the slash is just a character.
    await page.keyboard.type('a/b');
    await page.waitForTimeout(200);
    expect(await page.getByRole('listbox', { name: 'Commandes' }).count()).toBe(0);
    expect(await editor.locator('h1').textContent()).toBe('a/b');
    await context.close();
  });

  it("'[[' finds a concept and makes a link; an unknown [[name]] opens the creation popup and becomes a link", async () => {
    const made = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Photosynthèse', content: null, tag_names: [] } });
    expect(made.status).toBe(201);
    const { context, page, editor } = await openEditorPage(browser, stack.url, { token: account.token });
    await editor.click();
    await page.keyboard.type('Voir [[photo');
    const list = page.getByRole('listbox', { name: 'Concepts' });
    await list.getByRole('option', { name: 'Photosynthèse' }).waitFor();
    await screenshot(page, 'editor-concept-suggestions');
    await page.keyboard.press('Enter');
    const link = editor.locator('a[data-concept-link]');
    expect(await link.getAttribute('href')).toBe(`/concepts/${made.body.id}`);
    expect(await link.textContent()).toBe('Photosynthèse');

    // Typed in full: an exact title (any case) becomes a link at once.
    await page.keyboard.type('et [[PHOTOSYNTHÈSE]]');
    await expect.poll(() => editor.locator('a[data-concept-link]').count()).toBe(2);

    // Unknown: purple placeholder, then the quick creation popup.
    await page.keyboard.press('Escape');
    await page.keyboard.type(' puis [[Cycle de Calvin]]');
    const popup = page.getByRole('dialog', { name: 'Créer un nouveau concept' });
    await popup.waitFor();
    expect(await editor.locator('[data-pending-concept]').textContent()).toBe('Cycle de Calvin');
    expect(await popup.getByLabel('Titre').inputValue()).toBe('Cycle de Calvin');
    await popup.getByLabel('Contenu').fill('Première ligne\nDeuxième ligne');
    await popup.getByLabel('Tags (séparés par des virgules)').fill('biologie, , plantes');
    await screenshot(page, 'editor-quick-concept');
    await popup.getByRole('button', { name: 'Créer le concept' }).click();
    await popup.waitFor({ state: 'hidden' });
    const created = editor.locator('a[data-concept-link]', { hasText: 'Cycle de Calvin' });
    const href = await created.getAttribute('href');
    expect(href).toMatch(/^\/concepts\/\d+$/);
    expect(await editor.locator('[data-pending-concept]').count()).toBe(0);
    const concept = await api(stack.url, 'GET', `/api/concepts/${href!.split('/').pop()}`, { token: account.token });
    expect(concept.body.title).toBe('Cycle de Calvin');
    expect(concept.body.content_text).toContain('Deuxième ligne');
    expect(concept.body.tags.map((t: { name: string }) => t.name).sort()).toEqual(['biologie', 'plantes']);
    await context.close();
  });

  it('keeps every [[Title]] link when a person types straight on without pausing', async () => {
    const made = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Chlorophylle', content: null, tag_names: [] } });
    expect(made.status).toBe(201);
    const { context, page, editor } = await openEditorPage(browser, stack.url, { token: account.token });
    await editor.click();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.type(`la [[Chlorophylle]] chez les plantes ${i}.`, { delay: 15 });
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => editor.locator('a[data-concept-link]').count()).toBe(6);
    expect(await editor.locator('[data-pending-concept]').count()).toBe(0);
    expect(await editor.textContent()).not.toContain('[[');
    await context.close();
  });

  it('asks the host for tag suggestions in the web view', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url, { tags: ['physique', 'philosophie', 'chimie'] });
    await editor.click();
    await page.keyboard.type('[[');
    await page.waitForTimeout(400);
    expect(await page.getByRole('listbox', { name: 'Concepts' }).count()).toBe(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('#ph');
    const list = page.getByRole('listbox', { name: 'Tags' });
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['#physique', '#philosophie']);
    const sent = await page.evaluate(() => (window as unknown as { hostMessages: { type: string; query?: string; requestId?: string }[] }).hostMessages.filter((m) => m.type === 'request-tag-suggestions'));
    expect(sent.at(-1)).toMatchObject({ query: 'ph', requestId: expect.any(String) });
    await page.keyboard.press('Enter');
    expect(await editor.textContent()).toContain('#physique');
    expect(await editor.getByRole('link', { name: '#physique' }).getAttribute('href')).toBe('/tags/physique');
    await context.close();
  });

  it("in a browser, '#' suggests the person's tags and 'C::' their constellations from the API, after a first character, and inserts links", async () => {
    await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Cellule', content: null, tag_names: ['cellule', 'cytologie'] } });
    const made = await api(stack.url, 'POST', '/api/constellations', { token: account.token, json: { name: 'Biologie' } });
    expect(made.status).toBe(201);
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await page.goto(`${stack.url}/concepts/new`);
    const editor = page.getByRole('textbox', { name: 'Contenu' });
    await editor.click();
    // The trigger alone opens nothing: the list waits for a first character.
    await page.keyboard.type('#');
    await page.waitForTimeout(400);
    expect(await page.getByRole('listbox', { name: 'Tags' }).count()).toBe(0);
    await page.keyboard.type('cel');
    await page.getByRole('listbox', { name: 'Tags' }).getByRole('option', { name: '#cellule' }).waitFor();
    expect(await page.getByRole('listbox', { name: 'Tags' }).getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.keyboard.type('C::bio');
    await page.getByRole('listbox', { name: 'Constellations' }).getByRole('option', { name: 'C::Biologie' }).waitFor();
    await screenshot(page, 'editor-constellation-suggestions');
    await page.keyboard.press('Enter');
    expect(await editor.textContent()).toBe('#cellule C::Biologie ');
    // Each pick is a link: the tag's page, the constellation's concepts.
    expect(await editor.getByRole('link', { name: '#cellule' }).getAttribute('href')).toBe('/tags/cellule');
    expect(await editor.getByRole('link', { name: 'C::Biologie' }).getAttribute('href')).toBe(`/constellations/${made.body.id}/concepts`);
    await context.close();
  });

  it('stops input at 100,000 characters', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url, { doc: paragraphs('x'.repeat(99_990)) });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('abcdefghijklmnopqrst');
    await expect.poll(() => page.getByTestId('editor-counts').textContent()).toContain('100000 / 100000 caractères');
    expect(await editor.textContent()).toMatch(/xabcdefghij$/);
    await context.close();
  });

  it('creates a flashcard from the selected text', async () => {
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Mitochondrie', content: null, tag_names: [] } });
    const { context, page, editor } = await openEditorPage(browser, stack.url, { token: account.token, path: `/tiptap-test?conceptId=${concept.body.id}`, doc: paragraphs('La mitochondrie produit ATP.') });
    await editor.click();
    await editor.locator('p').evaluate(() => {
      const p = document.querySelector('.ProseMirror p')!.firstChild!;
      const range = document.createRange();
      range.setStart(p, 3);
      range.setEnd(p, 15);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    const bubble = page.getByRole('toolbar', { name: 'Menu de sélection' });
    await bubble.getByRole('button', { name: 'Créer une flashcard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une flashcard' });
    expect(await dialog.getByLabel('Question').inputValue()).toBe("Qu'est-ce que mitochondrie ?");
    expect(await dialog.getByLabel('Réponse').inputValue()).toBe('mitochondrie');
    await dialog.getByLabel('Réponse').fill('   ');
    await dialog.getByRole('button', { name: 'Créer la flashcard' }).click();
    await dialog.getByText('La question et la réponse ne peuvent pas être vides').waitFor();
    await dialog.getByLabel('Réponse').fill("L'usine énergétique de la cellule");
    await screenshot(page, 'editor-flashcard-dialog');
    await dialog.getByRole('button', { name: 'Créer la flashcard' }).click();
    await page.getByText('Flashcard créée avec succès!').waitFor();
    const cards = await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token });
    expect(cards.body.map((c: { question: string; answer: string }) => [c.question, c.answer])).toEqual([["Qu'est-ce que mitochondrie ?", "L'usine énergétique de la cellule"]]);
    await context.close();
  });

  it("creates a cloze card from a selection: the selection's sentence with a blank, the selection as answer", async () => {
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Chloroplaste', content: null, tag_names: [] } });
    const text = 'Les plantes sont vertes. La chlorophylle absorbe la lumière rouge et bleue.';
    const { context, page, editor } = await openEditorPage(browser, stack.url, { token: account.token, path: `/tiptap-test?conceptId=${concept.body.id}`, doc: paragraphs(text) });
    await editor.click();
    await editor.locator('p').evaluate((_p, at) => {
      const node = document.querySelector('.ProseMirror p')!.firstChild!;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'chlorophylle'.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    }, text.indexOf('chlorophylle'));
    await page.getByRole('toolbar', { name: 'Menu de sélection' }).getByRole('button', { name: 'Créer une carte à trous' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une carte à trous' });
    expect(await dialog.getByLabel('Question').inputValue()).toBe('Complétez : « La _____ absorbe la lumière rouge et bleue. »');
    expect(await dialog.getByLabel('Réponse').inputValue()).toBe('chlorophylle');
    await dialog.getByRole('button', { name: 'Créer la flashcard' }).click();
    await page.getByText('Flashcard créée avec succès!').waitFor();
    const cards = await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token });
    expect(cards.body.map((c: { question: string; answer: string }) => [c.question, c.answer])).toEqual([['Complétez : « La _____ absorbe la lumière rouge et bleue. »', 'chlorophylle']]);
    await context.close();
  });

  it('takes a block dragged from the page into the editor', async () => {
    const { context, page, editor } = await openEditorPage(browser, stack.url);
    await page.getByTestId('drag-sample').dragTo(editor);
    await expect.poll(() => editor.textContent()).toContain('Bloc glissé depuis la page');
    expect(await editor.locator('strong').textContent()).toBe('Bloc glissé');
    await context.close();
  });

  it('switches between the desktop and the mobile toolbar on /mobile-tiptap-test', async () => {
    const { context, page } = await openEditorPage(browser, stack.url, { path: '/mobile-tiptap-test' });
    await page.getByRole('toolbar', { name: "Barre d'outils mobile" }).waitFor();
    await screenshot(page, 'editor-mobile-toolbar');
    await page.getByRole('button', { name: 'Afficher la barre d’outils bureau' }).click();
    await page.getByRole('toolbar', { name: "Barre d'outils de l'éditeur" }).waitFor();
    expect(await page.getByRole('toolbar', { name: "Barre d'outils mobile" }).count()).toBe(0);
    await context.close();
  });
});
