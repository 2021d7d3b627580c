/**
 * A loopback HTTP server that plays the outside web for the import: a real saved article,
 * redirects, huge, slow, empty and non-HTML pages. Started by the API tests' config (the
 * Worker under test fetches it from workerd), the import e2e test and the import bench
 * (plain JavaScript so the bench's Node scripts can load it; types in page-server.d.mts).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
export const ARTICLE_PATH = '/articles/renseignement.html';

export const BIG_ARTICLE_PATH = '/articles/renseignement-1mb.html';

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {Buffer} article @param {() => string} bigArticle */
function handle(req, res, article, bigArticle) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const html = (body) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  if (url.pathname === ARTICLE_PATH) return html(article);
  if (url.pathname === BIG_ARTICLE_PATH) return html(bigArticle());
  const hops = /^\/redirect\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const left = Number(hops[1]);
    res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : ARTICLE_PATH });
    return void res.end();
  }
  switch (url.pathname) {
    case '/huge': {
      // 50 MB announced nowhere: the reader must count while it streams. Comments, so that
      // the page stays within the element and text caps the import measures as it reads.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, '<!-- lorem ipsum dolor sit amet -->\n');
      let sent = 0;
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = Infinity));
      return pump();
    }
    case '/huge-declared':
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
      return void res.end('<p>x</p>');
    case '/never':
      return; // holds the connection without answering
    case '/empty':
      return html('<!doctype html><html><head><title>Vide</title></head><body><nav>menu</nav><script>var a=1</script></body></html>');
    // Hostile pages: no element at all, nested 200,000 deep (whole, or its start and then nothing), 36,000 paragraphs (~5 MB).
    case '/no-element':
      return html('<!-- rien ici -->');
    case '/doctype-only':
      return html('<!doctype html>');
    case '/deep-endless':
      // The start of a page nested 200,000 deep whose rest never comes: only a reader that measures as it reads answers.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.write(`<html><body>${'<div>'.repeat(2_000)}`);
    case '/deep':
    case '/prose':
      return html(hostilePage(url.pathname));
    case '/pdf':
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return void res.end('%PDF-1.4');
    case '/missing':
      res.writeHead(404, { 'content-type': 'text/html' });
      return void res.end('<h1>Not found</h1>');
    case '/to-file':
      res.writeHead(302, { location: 'file:///etc/passwd' });
      return void res.end();
    // Encodings and the shapes of a page a browser still reads: each must import, or be refused with a 4xx.
    case '/encoding/windows-1252': {
      // Declared only in a <meta http-equiv>; the header names no charset.
      res.writeHead(200, { 'content-type': 'text/html' });
      const page = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Assemblée nationale</title></head><body><p>Les députés ont adopté le projet de loi à une large majorité.</p></body></html>';
      return void res.end(Buffer.from(page, 'latin1'));
    }
    case '/encoding/utf-16': {
      res.writeHead(200, { 'content-type': 'text/html' });
      const page = '<html><head><title>Été</title></head><body><p>Une page écrite en UTF-16, avec sa marque d’ordre des octets.</p></body></html>';
      return void res.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page, 'utf16le')]));
    }
    case '/html5-no-body':
      return html('<!doctype html><title>Sans corps</title><p>Un paragraphe suffit à faire une page HTML5 valide.</p>');
    case '/empty-body':
      return html('');
    case '/words':
      return html('juste des mots');
    case '/short':
      return html('<html><head><title>Courte</title></head><body><h1>Énergie</h1><p>Une page courte sur l’énergie.</p><ul><li>un</li></ul><img src="/img.png" alt="schéma"></body></html>');
    default:
      res.writeHead(404);
      res.end();
  }
}

/** The hostile pages, built once: a bench asks for them many times a second. */
const HOSTILE = {
  '/deep': () => `<html><body>${'<div>'.repeat(200_000)}texte${'</div>'.repeat(200_000)}</body></html>`,
  '/prose': () => `<html><body><article>${Array.from({ length: 36_000 }, (_, i) => `<p>Paragraphe ${i} : une phrase ordinaire, assez longue pour être lue comme de la prose.</p>`).join('')}</article></body></html>`,
};
const built = new Map();
const hostilePage = (name) => {
  if (!built.has(name)) built.set(name, Buffer.from(HOSTILE[name]()));
  return built.get(name);
};

export async function startPageServer() {
  const article = readFileSync(path.join(FIXTURES, 'lemonde-renseignement.html'));
  const sockets = new Set();
  let big = null;
  const bigArticle = () => (big ??= padArticle(article.toString('utf8'), 1024 * 1024));
  const server = http.createServer((req, res) => handle(req, res, article, bigArticle));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The saved article grown to about `bytes`: half more article paragraphs, half page
 * scripts, as heavy news pages are (the bench's "1 MB article").
 */
function padArticle(html, bytes) {
  const paragraphs = html.match(/<p>[\s\S]*?<\/p>/g) ?? ['<p>Texte.</p>'];
  const extra = [];
  let size = Buffer.byteLength(html);
  const articleTarget = size + (bytes - size) / 2;
  for (let i = 0; size < articleTarget; i += 1) {
    const p = paragraphs[i % paragraphs.length];
    extra.push(p);
    size += Buffer.byteLength(p);
  }
  const script = `<script>var tracking = "${'x'.repeat(Math.max(0, bytes - size - 40))}";</script>`;
  return html.replace(/(<div[^>]*id="articleBody"[^>]*>)/, `$1${extra.join('\n')}`).replace('</body>', `${script}</body>`);
}
