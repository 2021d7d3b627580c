/**
 * The editor's media nodes (spec document 1 §3 'Editor node types'): figure with caption,
 * file attachment and YouTube video. Every address is checked when parsed AND when
 * rendered, so a stored document with a javascript: or data: address renders inert.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import { isSafeImageSrc, isSafeLinkHref } from '@domain/safe-url';
import { isYoutubeEmbedUrl, YOUTUBE_DEFAULT_WIDTH } from '@domain/youtube';
import { formatFileSize } from '../light-document';

export type FigureAlign = 'left' | 'center' | 'right';
const ALIGNS: FigureAlign[] = ['left', 'center', 'right'];
const SAFE_WIDTH = /^\d{1,4}(px|%)$/;

const alignStyle: Record<FigureAlign, string> = {
  left: 'margin-right:auto;margin-left:0;text-align:left',
  center: 'margin-left:auto;margin-right:auto;text-align:center',
  right: 'margin-left:auto;margin-right:0;text-align:right',
};

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      setFigure: (attrs: { src: string; alt?: string; title?: string }) => ReturnType;
      setFigureAlign: (align: FigureAlign) => ReturnType;
    };
    fileAttachment: { setFileAttachment: (attrs: { src: string; fileName: string; mimeType: string; fileSize: number }) => ReturnType };
    youtubeVideo: { setYoutubeVideo: (attrs: { src: string }) => ReturnType };
  }
}

export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: '' },
      title: { default: '' },
      align: { default: 'left' as FigureAlign },
      width: { default: '100%' },
    };
  },
  parseHTML() {
    const read = (el: HTMLElement) => {
      const img = el.tagName === 'IMG' ? el : el.querySelector('img');
      const src = img?.getAttribute('src');
      if (!img || !isSafeImageSrc(src)) return false;
      const align = el.getAttribute('data-align') as FigureAlign | null;
      return {
        src,
        alt: img.getAttribute('alt') ?? '',
        title: el.querySelector('figcaption')?.textContent ?? img.getAttribute('title') ?? '',
        align: align && ALIGNS.includes(align) ? align : 'left',
        width: SAFE_WIDTH.test(el.getAttribute('data-width') ?? '') ? el.getAttribute('data-width') : '100%',
      };
    };
    return [
      { tag: 'figure', getAttrs: (el) => read(el as HTMLElement) },
      { tag: 'img[src]', getAttrs: (el) => read(el as HTMLElement) },
    ];
  },
  renderHTML({ node }) {
    const { src, alt, title } = node.attrs as { src: string; alt: string; title: string };
    const align = ALIGNS.includes(node.attrs.align) ? (node.attrs.align as FigureAlign) : 'left';
    const width = SAFE_WIDTH.test(node.attrs.width) ? node.attrs.width : '100%';
    const img = ['img', { src: isSafeImageSrc(src) ? src : '', alt, title, style: 'max-width:100%;border-radius:6px' }];
    const caption = title ? [['figcaption', { class: 'text-center text-sm text-slate-400' }, title]] : [];
    return ['figure', { 'data-align': align, 'data-width': width, style: `width:${width};${alignStyle[align]}`, class: 'my-2' }, img, ...caption];
  },
  addCommands() {
    return {
      setFigure:
        (attrs) =>
        ({ commands }) =>
          isSafeImageSrc(attrs.src) && commands.insertAfterSelection({ type: this.name, attrs }),
      setFigureAlign:
        (align) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, { align }),
    };
  },
});


export const FileAttachment = Node.create({
  name: 'fileAttachment',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, fileName: { default: 'file' }, mimeType: { default: '' }, fileSize: { default: 0 } };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-file-attachment]',
        getAttrs: (el) => {
          const a = (el as HTMLElement).querySelector('a');
          const href = a?.getAttribute('href');
          if (!isSafeLinkHref(href)) return false;
          return { src: href, fileName: el.getAttribute('data-file-name') ?? 'file', mimeType: el.getAttribute('data-mime-type') ?? '', fileSize: Number(el.getAttribute('data-file-size')) || 0 };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const { src, fileName, mimeType, fileSize } = node.attrs as { src: string; fileName: string; mimeType: string; fileSize: number };
    const href = isSafeLinkHref(src) ? src : '';
    return [
      'div',
      { 'data-file-attachment': '', 'data-file-name': fileName, 'data-mime-type': mimeType, 'data-file-size': String(fileSize), class: 'my-2 inline-flex items-center gap-2 rounded-md border border-space-600 bg-space-800 px-3 py-2' },
      ['span', { 'aria-hidden': 'true', class: 'text-xs font-semibold text-slate-400' }, 'FICHIER'],
      ['a', { href, download: fileName, rel: 'noopener noreferrer', class: 'text-nebula-400 underline' }, fileName],
      ['span', { class: 'text-xs text-slate-400' }, `${mimeType || 'fichier'} · ${formatFileSize(Number(fileSize) || 0)}`],
    ];
  },
  addCommands() {
    return {
      setFileAttachment:
        (attrs) =>
        ({ commands }) =>
          isSafeLinkHref(attrs.src) && commands.insertAfterSelection({ type: this.name, attrs }),
    };
  },
});

export const YoutubeVideo = Node.create({
  name: 'youtube',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, width: { default: YOUTUBE_DEFAULT_WIDTH } };
  },
  parseHTML() {
    return [{ tag: 'div[data-youtube-video] iframe', getAttrs: (el) => (isYoutubeEmbedUrl((el as HTMLElement).getAttribute('src')) ? { src: (el as HTMLElement).getAttribute('src') } : false) }];
  },
  renderHTML({ node }) {
    const src = node.attrs.src;
    if (!isYoutubeEmbedUrl(src)) return ['div', { 'data-youtube-video': '', class: 'my-2 text-sm text-slate-400 italic' }, 'Vidéo YouTube invalide'];
    const width = SAFE_WIDTH.test(node.attrs.width) ? node.attrs.width : YOUTUBE_DEFAULT_WIDTH;
    return [
      'div',
      { 'data-youtube-video': '', class: 'my-2' },
      ['iframe', mergeAttributes({ src, width, style: `width:${width};aspect-ratio:16/9;border:0`, allowfullscreen: 'true', sandbox: 'allow-scripts allow-same-origin allow-presentation', referrerpolicy: 'strict-origin-when-cross-origin', title: 'YouTube' })],
    ];
  },
  addCommands() {
    return {
      setYoutubeVideo:
        ({ src }) =>
        ({ commands }) =>
          isYoutubeEmbedUrl(src) && commands.insertAfterSelection({ type: this.name, attrs: { src, width: YOUTUBE_DEFAULT_WIDTH } }),
    };
  },
});
