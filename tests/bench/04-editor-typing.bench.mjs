// Editor: keystroke-to-paint while typing into a 100,000-character document in Chromium
// (in a browser where the app is installed, lib.mjs installApp),
// and the initial JavaScript (gzipped) that /login and /dashboard load.
// Goals: p95 keystroke-to-paint <= 50 ms; initial JS <= 200 KB gzipped.
// The bench runner builds the SPA into ctx.assetsDir and the Worker serves it from there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { account, CHROMIUM_FLAGS, CPU_RATES, installApp, printSamples, rateLabel, recordValue, throttleCpu } from './lib.mjs';

const FLAGS = CHROMIUM_FLAGS;
const DOC_CHARACTERS = 99_800;
const KEYSTROKES = 200;


async function waitForApp(url) {
  for (let i = 0; i < 60; i++) {
    const html = await fetch(`${url}/tiptap-test`).then((r) => r.text(), () => '');
    if (html.includes('<script')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the Worker does not serve the built SPA');
}

/** A realistic long document: 998 paragraphs of 100 characters. */
function longDocument() {
  const line = 'Les mitochondries produisent l’énergie de la cellule sous forme d’ATP, par la respiration cellulaire. ';
  const paragraphs = [];
  for (let used = 0; used < DOC_CHARACTERS; used += 100) paragraphs.push({ type: 'paragraph', content: [{ type: 'text', text: line.slice(0, Math.min(100, DOC_CHARACTERS - used)) }] });
  return { type: 'doc', content: paragraphs };
}

async function typingLatency(browser, url, rate) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await (await installApp(context, url)).close();
  const page = await context.newPage();
  await throttleCpu(page, rate);
  await page.addInitScript((doc) => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('astrolabe.tiptap-test', doc);
    sessionStorage.setItem('seeded', '1');
  }, JSON.stringify(longDocument()));
  const t0 = Date.now();
  await page.goto(`${url}/tiptap-test`);
  const editor = page.getByRole('textbox', { name: 'Contenu' });
  await editor.waitFor();
  console.log(`  open /tiptap-test with ${DOC_CHARACTERS} characters${rateLabel(rate)}: ${Date.now() - t0} ms`);
  await editor.click();
  await page.keyboard.press('Control+End');
  // keydown (capture) -> input -> next animation frame -> the task after it (the frame has painted).
  await page.evaluate(() => {
    const w = window;
    w.__latencies = [];
    let start = null;
    document.addEventListener('keydown', () => (start = performance.now()), true);
    document.addEventListener('input', () => {
      const began = start;
      if (began === null) return;
      start = null;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.__latencies.push(performance.now() - began);
        channel.port2.postMessage(null);
      });
    }, true);
  });
  const text = 'abcdefghijklmnopqrstuvwxyz ';
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(text[i % text.length] === ' ' ? 'Space' : text[i % text.length]);
    await page.waitForTimeout(15);
  }
  await page.waitForTimeout(300);
  const latencies = await page.evaluate(() => window.__latencies);
  const count = await page.getByTestId('editor-counts').textContent();
  console.log(`  after typing: ${count}`);
  await context.close();
  return latencies;
}

/** Every JS file a page loads, with its gzipped size from the build folder. */
async function initialJs(browser, url, dist, route, token) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set();
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.pathname.endsWith('.js')) files.add(u.pathname);
  });
  if (token) await context.addInitScript((t) => localStorage.setItem('astrolabe.access_token', t), token);
  await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
  await context.close();
  const sized = [...files].map((f) => {
    const local = path.join(dist, f);
    return { file: path.basename(f), gzip: existsSync(local) ? gzipSync(readFileSync(local)).length : 0 };
  });
  const total = sized.reduce((sum, f) => sum + f.gzip, 0);
  const heavy = sized.filter((f) => /mermaid|three|d3-force|chart|RichTextEditor|TiptapTestPage|prosemirror|tiptap/i.test(f.file)).map((f) => f.file);
  recordValue(`initial JS for ${route} (gzipped)`, total / 1024, 'KB', { value: 200 });
  console.log(`  initial JS for ${route.padEnd(11)} ${(total / 1024).toFixed(1).padStart(7)} KB gzipped in ${sized.length} files (goal <= 200 KB)${heavy.length ? `; heavy chunks: ${heavy.join(', ')}` : ''}`);
  for (const f of sized.sort((a, b) => b.gzip - a.gzip).slice(0, 5)) console.log(`      ${f.file.padEnd(44)} ${(f.gzip / 1024).toFixed(1)} KB`);
}

export default async function editorTyping(ctx) {
  const { url, assetsDir } = ctx;
  await waitForApp(url);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS, headless: true });
  try {
    const { token } = await account(url, 'bench_editor');
    await initialJs(browser, url, assetsDir, '/login');
    await initialJs(browser, url, assetsDir, '/dashboard', token);
    for (const rate of CPU_RATES) {
      const latencies = await typingLatency(browser, url, rate);
      printSamples(`keystroke-to-paint, ${DOC_CHARACTERS} chars${rateLabel(rate)}`, latencies, 'ms', { p95: 50 });
    }
  } finally {
    await browser.close();
  }
}
