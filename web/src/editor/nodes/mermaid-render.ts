/**
 * Renders Mermaid code to SVG. mermaid (large) is imported only when a diagram is on
 * screen. securityLevel 'strict' plus the removal of click directives keeps diagrams
 * from running script; the SVG (its labels are HTML in foreignObject) is sanitised
 * once more with DOMPurify before it touches the page.
 */
import DOMPurify from 'dompurify';
import { flowchartForTheme, withoutClickDirectives } from '@domain/mermaid-charts';

type Mermaid = typeof import('mermaid').default;
let loading: Promise<Mermaid> | null = null;
let counter = 0;

let initializedFor: 'dark' | 'light' | null = null;

const pageTheme = (): 'dark' | 'light' => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark');

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => mermaid);
  return loading;
}

/** The sanitised SVG markup of a diagram, drawn for the page's theme; throws when the code does not parse. */
export async function renderMermaid(code: string): Promise<string> {
  const mermaid = await loadMermaid();
  const theme = pageTheme();
  if (initializedFor !== theme) {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: theme === 'dark' ? 'dark' : 'default', suppressErrorRendering: true } as Parameters<Mermaid['initialize']>[0]);
    initializedFor = theme;
  }
  counter += 1;
  const { svg } = await mermaid.render(`mermaid-diagram-${counter}`, flowchartForTheme(withoutClickDirectives(code), theme));
    // Labels are HTML inside <foreignObject>: keep those, drop anything that could act.
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    ADD_TAGS: ['foreignObject'],
    HTML_INTEGRATION_POINTS: { foreignobject: true },
    FORBID_TAGS: ['script', 'a', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'img', 'image', 'use'],
    FORBID_ATTR: ['href', 'xlink:href', 'action', 'formaction'],
  });
}
