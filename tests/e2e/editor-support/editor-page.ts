/**
 * Opening the editor test page (/tiptap-test) as the phone's web view would: the page
 * asks its host for a token, and this stand-in host (window.ReactNativeWebView) answers,
 * as well as answering tag and constellation suggestion requests.
 */
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../browser';

export const DOC_KEY = 'astrolabe.tiptap-test';
/**
 * How long the page may take to show the editor: its chunk (Tiptap and its extensions) is the
 * heaviest the app loads, and on a busy machine it took longer than one action's 15 s. The
 * editor appearing is the signal waited on; this is only the bound.
 */
const EDITOR_LOAD_MS = 45_000;

export interface EditorPageOptions {
  token?: string;
  /** Document to start from (written once, before the first load). */
  doc?: unknown;
  path?: string;
  tags?: string[];
}

export async function openEditorPage(browser: Browser, base: string, opts: EditorPageOptions = {}) {
  const { context, page } = await newPage(browser);
  await context.addInitScript(
    ({ token, doc, key, tags }) => {
      if (doc && !sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, JSON.stringify(doc));
        sessionStorage.setItem('seeded', '1');
      }
      const w = window as unknown as { ReactNativeWebView: unknown; hostMessages: unknown[] };
      w.hostMessages = [];
      const reply = (message: unknown) => setTimeout(() => window.postMessage(message, window.location.origin), 20);
      w.ReactNativeWebView = {
        postMessage(raw: string) {
          const message = JSON.parse(raw) as { type: string; query?: string; requestId?: string };
          w.hostMessages.push(message);
          if (message.type === 'request-auth-token' && token) reply({ type: 'auth-token', token });
          if (message.type === 'request-tag-suggestions') reply({ type: 'tag-suggestions', requestId: message.requestId, suggestions: tags.filter((t) => t.includes(message.query ?? '')) });
        },
      };
    },
    { token: opts.token ?? null, doc: opts.doc ?? null, key: DOC_KEY, tags: opts.tags ?? [] },
  );
  await page.goto(`${base}${opts.path ?? '/tiptap-test'}`, { waitUntil: 'domcontentloaded' });
  if (opts.token) await page.getByTestId('test-page-auth').getByText('Connecté :').waitFor({ timeout: EDITOR_LOAD_MS });
  const editor = page.getByRole('textbox', { name: 'Contenu' });
  await editor.waitFor({ timeout: EDITOR_LOAD_MS });
  return { context, page, editor, toolbar: page.getByRole('toolbar', { name: "Barre d'outils de l'éditeur" }) };
}

/** Waits until the page has written the document to localStorage. */
export async function waitSaved(page: Page) {
  await page.getByText('Modifications non sauvegardées').waitFor({ state: 'hidden' });
}

export function paragraphs(...texts: string[]) {
  return { type: 'doc', content: texts.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] })) };
}

/** Answers the next browser dialog (prompt or alert) and records its message. */
export function answerNextDialog(page: Page, answer?: string): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const message = dialog.message();
      if (dialog.type() === 'prompt') await dialog.accept(answer ?? '');
      else await dialog.accept();
      resolve(message);
    });
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG of `size`x`size` pixels in one colour (a browser can decode it). */
export function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
