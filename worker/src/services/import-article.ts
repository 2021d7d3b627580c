/**
 * A fetched web page → its readable article as the editor's rich document. linkedom
 * parses the HTML (a DOM without a browser, pure JS, runs in workerd) and Mozilla's
 * Readability (Firefox Reader View) picks the article out of the navigation, ads and
 * footers; this module walks the article's elements onto the editor's nodes: headings,
 * paragraphs, lists, quotes, code, tables, links, images and videos (addresses made
 * absolute against the page's URL, unsafe ones dropped).
 */
import { Readability } from '@mozilla/readability';
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { cellContent, figureNode, inlineToBlocks, linkMark, listItemContent, mergeText, textNode, type Mark } from '../domain/doc-builder';
import { docToPlainText, type RichDoc, type RichNode } from '../domain/richtext';
import { YOUTUBE_DEFAULT_WIDTH, youtubeEmbedUrl } from '../domain/youtube';
import { ApiError } from '../lib/errors';

/** The part of a DOM node the walk reads (linkedom's nodes, a browser's alike). */
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
}

export interface Article {
  title: string;
  doc: RichDoc;
  text: string;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'form', 'button', 'input', 'select', 'textarea', 'nav']);
const INLINE_MARKS: Record<string, Mark> = {
  strong: { type: 'bold' },
  b: { type: 'bold' },
  em: { type: 'italic' },
  i: { type: 'italic' },
  s: { type: 'strike' },
  del: { type: 'strike' },
  strike: { type: 'strike' },
  code: { type: 'code' },
  kbd: { type: 'code' },
  samp: { type: 'code' },
};
const BLOCKS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'hr', 'figure',
  'div', 'section', 'article', 'main', 'header', 'footer', 'aside', 'details', 'summary', 'dl', 'dt', 'dd', 'address', 'center',
  'iframe', 'video',
]);
/** Players Readability keeps (its default `videos` pattern): an embed not on YouTube is kept as a link to it. */
const VIDEO_HOSTS = /\/\/(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq|bilibili|live\.bilibili)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i;

const nameOf = (node: DomNode) => node.nodeName.toLowerCase();
const children = (node: DomNode) => Array.from(node.childNodes);
const attr = (node: DomNode, name: string) => node.getAttribute?.(name) ?? null;

/**
 * What one extraction may cost. A Worker's clock stands still while its code
 * runs, so the time budget is spent as work: the page is measured by a streaming
 * tokenizer (linear, nothing kept) before any DOM is built, and refused past these caps.
 * Readability's scoring grows faster than the page (a page 2,000 elements deep took two
 * minutes), so it reads pages up to READABILITY_MAX_ELEMENTS; a larger one within the
 * caps is walked whole (navigation, scripts and forms skipped), which is linear.
 * Measured in Node: a page at the caps costs ≤ ~1 s of CPU and ~60 MB.
 */
export const PAGE_MAX_DEPTH = 100;
export const PAGE_MAX_ELEMENTS = 20_000;
/** The article's text past this cannot fit in one concept (the JSON body limit is 1 MB). */
export const PAGE_MAX_TEXT_CHARS = 1_500_000;
const READABILITY_MAX_ELEMENTS = 8_000;
export const PAGE_TOO_COMPLEX = `La page est trop complexe pour être importée (au plus ${PAGE_MAX_DEPTH} niveaux d'imbrication et ${PAGE_MAX_ELEMENTS.toLocaleString('fr-FR')} éléments).`;

/**
 * The page's shape, measured as htmlparser2's tokenizer streams through it (nothing is
 * kept): 422 as soon as a cap is passed. Fed piece by piece while the page is read
 * (services/fetch-page.ts), so a hostile page is refused at its first piece past a cap,
 * the rest never read, and no piece costs more than a few milliseconds.
 */
export class PageMeter {
  private depth = 0;
  private elements = 0;
  private text = 0;
  private inCode = 0;
  private readonly parser: Parser;

  constructor() {
    const tooComplex = () => new ApiError(422, 'page_too_complex', PAGE_TOO_COMPLEX);
    this.parser = new Parser(
      {
        onopentag: (name) => {
          this.depth += 1;
          this.elements += 1;
          if (name === 'script' || name === 'style') this.inCode += 1;
          if (this.depth > PAGE_MAX_DEPTH || this.elements > PAGE_MAX_ELEMENTS) throw tooComplex();
        },
        onclosetag: (name) => {
          this.depth -= 1;
          if (name === 'script' || name === 'style') this.inCode -= 1;
        },
        ontext: (chunk) => {
          // Scripts and styles never reach the article.
          if (!this.inCode) this.text += chunk.length;
          if (this.text > PAGE_MAX_TEXT_CHARS) throw new ApiError(422, 'article_too_large', "L'article est trop long pour être importé en un seul concept.");
        },
      },
      { decodeEntities: false },
    );
  }

  /** Measures the next piece of the page's text; throws the 422 past a cap. */
  write(piece: string): void {
    this.parser.write(piece);
  }

  /** The whole page measured: its element count. */
  end(): PageShape {
    this.parser.end();
    return { elements: this.elements };
  }
}

export interface PageShape {
  elements: number;
}

function measurePage(html: string): PageShape {
  const meter = new PageMeter();
  meter.write(html);
  return meter.end();
}

/**
 * Reads the page; 422 `page_empty` when it holds no readable text, `page_too_complex` past
 * the caps. `shape` is the page's measure when a PageMeter already read it as it streamed.
 */
export function extractArticle(html: string, pageUrl: string, shape: PageShape = measurePage(html)): Article {
  const { elements } = shape;
  const { document } = parseHTML(withBody(html));
  // A page of nothing but a comment or a doctype has no element at all.
  if (!document.documentElement || !document.body) throw new ApiError(422, 'page_empty', "Aucun texte lisible n'a été trouvé sur cette page.");
  const pageTitle = (document.title ?? '').trim();
  // keepClasses: a code block's language lives in its class (language-js).
  const parsed =
    elements <= READABILITY_MAX_ELEMENTS
      ? (new Readability(document as never, { serializer: (el: unknown) => el, keepClasses: true }).parse() as { title?: string | null; content?: unknown } | null)
      : null;
  // Readability gives up on short pages (and is not run on large ones); the whole body is then the article.
  const root = (parsed?.content as DomNode | undefined) ?? (parseHTML(withBody(html)).document.body as unknown as DomNode | null);
  const doc: RichDoc = { type: 'doc', content: root ? new ArticleWalker(pageUrl).blocks(root) : [] };
  const text = docToPlainText(doc);
  if (!text.trim()) throw new ApiError(422, 'page_empty', "Aucun texte lisible n'a été trouvé sur cette page.");
  const title = (parsed?.title ?? '').trim() || pageTitle || firstLine(text);
  return { title: title.slice(0, 500), doc, text };
}

/**
 * HTML5 lets a page leave out <html>, <head> and <body> (`<!doctype html><title>T</title><p>…`,
 * or plain words served as HTML), which a browser's parser adds; linkedom does not, and
 * would find no body. Such a page gets the tags the standard implies: what goes in a head
 * (title, meta, link, style, script, base) before the first other content, the rest in a body.
 */
function withBody(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  const rest = html.replace(/^\s*(<!--[\s\S]*?-->\s*)*(<!doctype[^>]*>)?\s*(<html[^>]*>)?\s*(<head[^>]*>)?/i, '');
  const head = /^(\s*(<!--[\s\S]*?-->|<(title)[^>]*>[\s\S]*?<\/title>|<(style|script)[^>]*>[\s\S]*?<\/\4>|<(meta|link|base)\b[^>]*>)\s*)*(<\/head>)?/i.exec(rest)![0];
  const body = rest.slice(head.length).replace(/<\/html>\s*$/i, '');
  return `<!doctype html><html><head>${head.replace(/<\/head>$/i, '')}</head><body>${body}</body></html>`;
}

const firstLine = (text: string) => text.split('\n')[0]!.trim().slice(0, 120);

/** Whether an element holds a block (heading, list, table, paragraph…) anywhere inside. */
function holdsBlock(el: DomNode): boolean {
  return children(el).some((c) => c.nodeType === ELEMENT_NODE && !SKIPPED.has(nameOf(c)) && (BLOCKS.has(nameOf(c)) || holdsBlock(c)));
}

class ArticleWalker {
  constructor(private readonly base: string) {}

  private absolute(url: string | null): string | null {
    if (!url) return null;
    try {
      return new URL(url, this.base).href;
    } catch {
      return null;
    }
  }

  /** Block content of an element: inline runs become paragraphs between the blocks. */
  blocks(element: DomNode): RichNode[] {
    const out: RichNode[] = [];
    let run: RichNode[] = [];
    const flush = () => {
      out.push(...inlineToBlocks(mergeText(run)));
      run = [];
    };
    for (const child of children(element)) {
      if (child.nodeType === ELEMENT_NODE && BLOCKS.has(nameOf(child))) {
        flush();
        out.push(...this.block(child));
      } else if (child.nodeType === ELEMENT_NODE && !SKIPPED.has(nameOf(child)) && holdsBlock(child)) {
        // A heading, list or table inside an element read as inline (`<span><h3>`, `<a><div>`)
        // stays a block: its structure matters more than the wrapper's mark.
        flush();
        out.push(...this.blocks(child));
      } else run.push(...this.inline(child, []));
    }
    flush();
    return out;
  }

  private block(el: DomNode): RichNode[] {
    const name = nameOf(el);
    const heading = /^h([1-6])$/.exec(name);
    // `<p><h2>…</h2></p>` as an HTML parser that does not close the paragraph keeps it.
    if ((heading || name === 'p' || name === 'dt' || name === 'summary') && holdsBlock(el)) return this.blocks(el);
    if (heading) return inlineToBlocks(this.inlineChildren(el, []), { type: 'heading', attrs: { level: Number(heading[1]) } });
    switch (name) {
      case 'p':
      case 'dt':
      case 'summary':
        return inlineToBlocks(this.inlineChildren(el, []));
      case 'iframe':
      case 'video':
        return this.video(el);
      case 'ul':
      case 'ol': {
        const items = children(el).filter((c) => nameOf(c) === 'li').map((li) => ({ type: 'listItem', content: listItemContent(this.blocks(li)) }));
        if (!items.length) return [];
        const start = Number(attr(el, 'start') ?? 1) || 1;
        return [name === 'ol' ? { type: 'orderedList', attrs: { start }, content: items } : { type: 'bulletList', content: items }];
      }
      case 'blockquote':
        return [{ type: 'blockquote', content: cellContent(this.blocks(el)) }];
      case 'pre': {
        const code = (el.textContent ?? '').replace(/\n$/, '');
        const language = /language-([\w+-]+)/.exec(attr(children(el).find((c) => nameOf(c) === 'code') ?? el, 'class') ?? '')?.[1] ?? null;
        return [{ type: 'codeBlock', attrs: { language }, ...(code ? { content: [{ type: 'text', text: code }] } : {}) }];
      }
      case 'hr':
        return [{ type: 'horizontalRule' }];
      case 'table':
        return this.table(el);
      case 'figure': {
        const caption = children(el).find((c) => nameOf(c) === 'figcaption')?.textContent?.trim() ?? '';
        const img = this.images(el)[0];
        const figure = img ? figureNode(this.absolute(attr(img, 'src') ?? attr(img, 'data-src')), attr(img, 'alt') ?? '', caption) : null;
        return figure ? [figure] : caption ? inlineToBlocks([{ type: 'text', text: caption }]) : [];
      }
      default:
        return this.blocks(el);
    }
  }

  /** A YouTube embed becomes the editor's video node; another player or a <video>, a link to it. */
  private video(el: DomNode): RichNode[] {
    const source = children(el).find((c) => nameOf(c) === 'source');
    const src = this.absolute(attr(el, 'src') ?? attr(el, 'data-src') ?? (source ? attr(source, 'src') : null));
    if (!src) return [];
    const youtube = youtubeEmbedUrl(src);
    if (youtube) return [{ type: 'youtube', attrs: { src: youtube, width: YOUTUBE_DEFAULT_WIDTH } }];
    if (nameOf(el) === 'iframe' && !VIDEO_HOSTS.test(src)) return [];
    const link = linkMark(src);
    return link ? inlineToBlocks([{ type: 'text', text: 'Vidéo : ' }, { type: 'text', text: src, marks: [link] }]) : [];
  }

  private images(el: DomNode): DomNode[] {
    return children(el).flatMap((c) => (nameOf(c) === 'img' ? [c] : c.nodeType === ELEMENT_NODE ? this.images(c) : []));
  }

  private table(el: DomNode): RichNode[] {
    const rows = children(el)
      .flatMap((c) => (['thead', 'tbody', 'tfoot'].includes(nameOf(c)) ? children(c) : [c]))
      .filter((c) => nameOf(c) === 'tr')
      .map((tr) => ({
        type: 'tableRow',
        content: children(tr)
          .filter((c) => nameOf(c) === 'td' || nameOf(c) === 'th')
          .map((cell) => ({ type: nameOf(cell) === 'th' ? 'tableHeader' : 'tableCell', content: cellContent(this.blocks(cell)) })),
      }))
      .filter((row) => row.content.length > 0);
    return rows.length ? [{ type: 'table', content: rows }] : [];
  }

  private inlineChildren(el: DomNode, marks: Mark[]): RichNode[] {
    return mergeText(children(el).flatMap((c) => this.inline(c, marks)));
  }

  private inline(node: DomNode, marks: Mark[]): RichNode[] {
    if (node.nodeType === TEXT_NODE) {
      const text = textNode((node.textContent ?? '').replace(/\s+/g, ' '), marks);
      return text ? [text] : [];
    }
    if (node.nodeType !== ELEMENT_NODE) return [];
    const name = nameOf(node);
    if (SKIPPED.has(name)) return [];
    if (name === 'br') return [{ type: 'hardBreak' }];
    if (name === 'img') {
      const figure = figureNode(this.absolute(attr(node, 'src') ?? attr(node, 'data-src')), attr(node, 'alt') ?? '', attr(node, 'title') ?? '');
      return figure ? [figure] : [];
    }
    const mark = name === 'a' ? linkMark(this.absolute(attr(node, 'href'))) : INLINE_MARKS[name];
    const inner = this.inlineChildren(node, mark ? [...marks.filter((m) => m.type !== mark.type), mark] : marks);
    // A link around an image: the figure cannot carry it, so the link follows the image, named by its alt text.
    if (mark?.type === 'link' && inner.length && inner.every((n) => n.type === 'figure')) {
      const alt = inner.map((n) => String(n.attrs?.alt ?? '')).find(Boolean);
      return [...inner, textNode(alt || String(mark.attrs!.href), [...marks, mark])!];
    }
    return inner;
  }
}
