/**
 * A card's voice in one journey: a card made in the form with a sound recorded from
 * Chromium's fake microphone and another chosen as a file, then a session where each side is read
 * aloud in its language (button and L; the page's speechSynthesis is replaced by a recorder)
 * and the sound plays (A); then 'Read cards aloud' switched on in Settings reads the
 * next session's question by itself.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { api, createAccount } from '../support/client';
import { useBrowser, pageErrors, screenshot, signedInPage } from './browser';
import { a11yViolations } from './axe';
import { readFileSync } from 'node:fs';
import { silentWav } from '../support/wav';

const stack = inject('stack');
let browser: Browser;
useBrowser((b) => (browser = b));

/** What the page said and played, recorded instead of sounding: speechSynthesis and <audio>'s play. */
const RECORD_VOICE = () => {
  const w = window as unknown as { spoken: { text: string; lang: string }[]; played: string[] };
  w.spoken = [];
  w.played = [];
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: { speak: (u: SpeechSynthesisUtterance) => w.spoken.push({ text: u.text, lang: u.lang }), cancel() {}, getVoices: () => [], pause() {}, resume() {} },
  });
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    w.played.push(new URL(this.src).pathname);
    return Promise.resolve();
  };
};
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);
const played = (page: Page) => page.evaluate(() => (window as unknown as { played: string[] }).played);

describe('card voice', () => {
  it('records and chooses sounds in the form, reads each side in its language on demand and by itself, plays the sound', async () => {
    const account = await createAccount(stack.url, 'voice');
    const concept = await api(stack.url, 'POST', '/api/concepts', { token: account.token, json: { title: 'Anglais' } });
    const { context, page } = await signedInPage(browser, stack.url, account.token);
    await context.grantPermissions(['microphone'], { origin: stack.url });
    await context.addInitScript(RECORD_VOICE);

    await page.goto(`${stack.url}/concepts/${concept.body.id}`);
    await page.getByRole('tab', { name: 'Créer' }).click();
    await page.getByLabel('Question *').fill('The cat is sleeping on the sofa');
    // The guess shows as the automatic choice while the side is typed.
    await page.getByRole('option', { name: 'Automatique (Anglais (États-Unis))' }).waitFor({ state: 'attached' });
    await page.getByLabel('Réponse *').fill('le chat');
    await page.getByLabel('Langue de lecture de la réponse').selectOption('fr-FR');
    // The question's sound from the (fake) microphone, the answer's from a file.
    await page.getByRole('button', { name: 'Enregistrer le son de la question' }).click();
    await page.getByText('Enregistrement en cours…').waitFor();
    await page.getByRole('button', { name: 'Arrêter l’enregistrement' }).click();
    await expect.poll(() => page.getByLabel('Question *').inputValue(), { timeout: 20_000 }).toMatch(/\n\[🔊 enregistrement-[\d-]+\]\(\/api\/v1\/files\/\d+\/[0-9a-f-]{36}\)$/);
    await page.getByLabel('Choisir un fichier audio pour le son de la réponse').setInputFiles({ name: 'chat.wav', mimeType: 'audio/wav', buffer: Buffer.from(silentWav()) });
    await expect.poll(() => page.getByLabel('Réponse *').inputValue(), { timeout: 20_000 }).toMatch(/^le chat\n\[🔊 chat\]\(\/api\/v1\/files\/\d+\/[0-9a-f-]{36}\)$/);
    await screenshot(page, 'card-voice-form');
    await page.getByRole('button', { name: 'Créer la flashcard' }).click();
    await page.getByText('Flashcard créée avec succès!').waitFor();
    const [card] = (await api(stack.url, 'GET', `/api/concepts/${concept.body.id}/flashcards`, { token: account.token })).body as { id: number; question: string; answer: string; question_lang: string | null; answer_lang: string | null }[];
    expect(card).toMatchObject({ question_lang: null, answer_lang: 'fr-FR' });
    const answerSound = /\((\/api\/v1\/files\/[^)]+)\)/.exec(card!.answer)![1]!;
    // What the fake microphone gave was stored as the WebM sound it is.
    const recorded = await fetch(`${stack.url}${/\((\/api\/v1\/files\/[^)]+)\)/.exec(card!.question)![1]!}`);
    expect(recorded.headers.get('content-type')).toBe('audio/webm');
    // An uploaded picture and another site's one in the answer, as the Anki import or a person writes them.
    const form = new FormData();
    form.append('file', new Blob([readFileSync('web/public/icons/icon-48.png')], { type: 'image/png' }), 'chat.png');
    const uploaded = await fetch(`${stack.url}/api/v1/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
    const picture = ((await uploaded.json()) as { public_url: string }).public_url;
    const withPictures = `${card!.answer}\n![Schéma du chat](${picture})\n![photo](https://img.example/chat.png)`;
    expect((await api(stack.url, 'PUT', `/api/flashcards/${card!.id}`, { token: account.token, json: { question: card!.question, answer: withPictures } })).status).toBe(200);

    const startSession = async () => {
      const session = await api(stack.url, 'POST', '/api/study-sessions', { token: account.token, json: { method_type: 'FLASHCARDS', concept_ids: [concept.body.id] } });
      await page.goto(`${stack.url}/study/session/${session.body.id}`);
      await page.getByTestId('session-question').waitFor();
    };
    await startSession();
    // The sound link shows as a button, not as text; nothing is read until asked.
    expect(await page.getByTestId('session-question').textContent()).toBe('The cat is sleeping on the sofa');
    expect(await spoken(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lire à voix haute la question (Anglais (États-Unis))' }).click();
    expect(await spoken(page)).toEqual([{ text: 'The cat is sleeping on the sofa', lang: 'en-US' }]);
    await page.keyboard.press('Space');
    await page.getByTestId('session-answer').waitFor();
    await page.keyboard.press('l');
    await page.keyboard.press('a');
    expect(await spoken(page)).toEqual([
      { text: 'The cat is sleeping on the sofa', lang: 'en-US' },
      { text: 'le chat', lang: 'fr-FR' },
    ]);
    expect(await played(page)).toEqual([answerSound]);
    await page.getByRole('button', { name: 'Écouter l’audio « chat » de la réponse' }).waitFor();
    // The uploaded picture shows (loaded, with its alt text); the other site's is only a link.
    const image = page.getByTestId('session-answer').getByRole('img', { name: 'Schéma du chat' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    expect(await page.getByTestId('session-answer').getByRole('link', { name: 'photo' }).getAttribute('href')).toBe('https://img.example/chat.png');
    expect(await page.getByTestId('session-answer').textContent()).not.toContain('![');
    await screenshot(page, 'card-voice-session');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await a11yViolations(page.mainFrame())).toEqual([]);
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts').getByText('Lire à voix haute la face affichée').waitFor();
    await page.keyboard.press('Escape');

    // 'Read cards aloud' on: the next question is read as soon as it shows.
    await page.goto(`${stack.url}/settings?tab=study`);
    await page.getByRole('switch', { name: 'Read cards aloud' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Preferences saved successfully!').waitFor();
    await startSession();
    await expect.poll(() => spoken(page)).toEqual([{ text: 'The cat is sleeping on the sofa', lang: 'en-US' }]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
