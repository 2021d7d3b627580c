/**
 * Pie charts and flowcharts built in the editor's dialogs become Mermaid code (spec
 * document 1 §3 and §5). Code generation and reading it back for editing are pure so
 * that the escaping — the only thing between a label and Mermaid's parser — is tested.
 * Labels are always quoted and their quotes, angle brackets and line breaks replaced by
 * Mermaid entity codes; ids and colours are restricted to safe characters.
 */

export type DiagramType = 'generic' | 'pie' | 'flowchart';

export interface PieItem {
  id: string;
  label: string;
  value: string | number;
  color: string;
}

/** The 12 named colours new pie items cycle through. */
export const PIE_COLORS: readonly { name: string; hex: string }[] = [
  { name: 'Bleu', hex: '#4e79a7' },
  { name: 'Orange', hex: '#f28e2b' },
  { name: 'Rouge', hex: '#e15759' },
  { name: 'Turquoise', hex: '#76b7b2' },
  { name: 'Vert', hex: '#59a14f' },
  { name: 'Jaune', hex: '#edc948' },
  { name: 'Violet', hex: '#b07aa1' },
  { name: 'Rose', hex: '#ff9da7' },
  { name: 'Brun', hex: '#9c755f' },
  { name: 'Gris', hex: '#bab0ac' },
  { name: 'Indigo', hex: '#6a5acd' },
  { name: 'Cyan', hex: '#17becf' },
];

export const pieColorAt = (index: number): string => PIE_COLORS[index % PIE_COLORS.length]!.hex;

const SAFE_COLOR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})$/i;
const safeColor = (color: string, fallback: string) => (SAFE_COLOR.test(color.trim()) ? color.trim() : fallback);

/** Makes any text safe inside a double-quoted Mermaid label. */
export function escapeLabel(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/#/g, '#35;')
    .replace(/"/g, '#quot;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/[{}[\]|`]/g, (ch) => `#${ch.charCodeAt(0)};`)
    .trim();
}

export function unescapeLabel(text: string): string {
  return text
    .replace(/#quot;/g, '"')
    .replace(/#lt;/g, '<')
    .replace(/#gt;/g, '>')
    .replace(/#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

const numeric = (value: string | number): number | null => {
  const n = typeof value === 'number' ? value : Number(String(value).trim().replace(',', '.'));
  return String(value).trim() !== '' && Number.isFinite(n) ? n : null;
};

/** Items with a label and a numeric value — the only ones that go into the chart. */
export function completePieItems(items: readonly PieItem[]): PieItem[] {
  return items.filter((item) => item.label.trim() !== '' && numeric(item.value) !== null);
}

/** The create button is enabled once at least one item is complete. */
export const canCreatePie = (items: readonly PieItem[]): boolean => completePieItems(items).length > 0;

export function pieChartCode(items: readonly PieItem[], title = ''): string {
  const complete = completePieItems(items);
  const colors = complete.map((item, i) => `"pie${i + 1}": "${safeColor(item.color, pieColorAt(i))}"`);
  const lines = [`%%{init: {"themeVariables": {${colors.join(', ')}}}}%%`, title.trim() ? `pie title ${escapeLabel(title)}` : 'pie'];
  for (const item of complete) lines.push(`    "${escapeLabel(item.label)}" : ${numeric(item.value)}`);
  return lines.join('\n');
}

/** Reads back a pie chart written by pieChartCode (or by hand) for the edit dialog. */
export function parsePieChartCode(code: string): { title: string; items: PieItem[] } {
  const colors = [...code.matchAll(/"pie(\d+)"\s*:\s*"([^"]+)"/g)].reduce<Record<number, string>>((acc, m) => ({ ...acc, [Number(m[1]) - 1]: m[2]! }), {});
  const title = /^\s*pie(?:\s+showData)?\s+title\s+(.+)$/m.exec(code)?.[1] ?? '';
  const items = [...code.matchAll(/^\s*"([^"]*)"\s*:\s*(-?[\d.]+)\s*$/gm)].map((m, i) => ({
    id: `item-${i + 1}`,
    label: unescapeLabel(m[1]!),
    value: m[2]!,
    color: colors[i] ?? pieColorAt(i),
  }));
  return { title: unescapeLabel(title.trim()), items };
}

// --- Flowcharts ---------------------------------------------------------------------

export type NodeShape = 'rect' | 'round' | 'rhombus' | 'stadium';
export type FlowDirection = 'TD' | 'LR' | 'TB' | 'RL';
export type FlowArrow = '-->' | '---' | '-->o' | '--o>';

export const FLOW_DIRECTIONS: readonly FlowDirection[] = ['TD', 'LR', 'TB', 'RL'];
export const FLOW_ARROWS: readonly FlowArrow[] = ['-->', '---', '-->o', '--o>'];
export const NODE_SHAPES: readonly NodeShape[] = ['rect', 'round', 'rhombus', 'stadium'];
export const DEFAULT_NODE_COLOR = '#add8e6'; // light blue
export const DEFAULT_LINK_COLOR = '#333333'; // dark grey
/** How a link of the default colour is drawn on a dark page, where dark grey would not show. */
export const DEFAULT_LINK_COLOR_ON_DARK = '#cbd5e1';

/**
 * The code as drawn on a page of that theme: on a dark page, links left in the spec's
 * default dark grey are drawn light (the stored code keeps the default).
 */
export function flowchartForTheme(code: string, theme: 'dark' | 'light'): string {
  if (theme === 'light') return code;
  return code.replace(/^(\s*linkStyle\s+\d+\s+stroke:)#333333\b/gim, `$1${DEFAULT_LINK_COLOR_ON_DARK}`);
}

export interface FlowNode {
  id: string;
  label: string;
  shape: NodeShape;
  color: string;
}
export interface FlowLink {
  id: string;
  source: string;
  target: string;
  text: string;
  arrow: FlowArrow;
  color: string;
}
export interface Flowchart {
  direction: FlowDirection;
  nodes: FlowNode[];
  links: FlowLink[];
}

export const FLOW_MESSAGES = {
  emptyLabel: 'Node label cannot be empty.',
  duplicateId: 'Node ID must be unique.',
  linkEnds: 'Source and Target nodes must be selected for a link.',
  noNodes: 'Please add at least one node to create a flowchart.',
} as const;

const SHAPES: Record<NodeShape, [string, string]> = { rect: ['[', ']'], round: ['(', ')'], rhombus: ['{', '}'], stadium: ['([', '])'] };
// The spec's arrow names; Mermaid spells the circle ends '--o' (end) and 'o--o' (both).
const ARROW_CODE: Record<FlowArrow, string> = { '-->': '-->', '---': '---', '-->o': '--o', '--o>': 'o--o' };

/** An 8-character id for a node whose id was left empty. `random` is injected for tests. */
export function generateNodeId(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = 'n';
  while (id.length < 8) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

/** A node id Mermaid accepts (letters, digits, underscore; not its keyword 'end'). */
export function mermaidNodeId(id: string): string {
  const cleaned = id.trim().replace(/[^A-Za-z0-9_]/g, '_') || 'node';
  return /^(end|graph|subgraph|style|class|click|linkStyle|classDef|flowchart|direction)$/i.test(cleaned) || /^\d/.test(cleaned) ? `n_${cleaned}` : cleaned;
}

/** Validates a node about to be added; returns the node to add (id filled in) or an error message. */
export function prepareNode(node: FlowNode, existing: readonly FlowNode[], random?: () => number): { node: FlowNode } | { error: string } {
  if (node.label.trim() === '') return { error: FLOW_MESSAGES.emptyLabel };
  const id = mermaidNodeId(node.id.trim() === '' ? generateNodeId(random) : node.id);
  if (existing.some((other) => mermaidNodeId(other.id) === id)) return { error: FLOW_MESSAGES.duplicateId };
  return { node: { ...node, id, label: node.label.trim() } };
}

export function prepareLink(link: FlowLink): { link: FlowLink } | { error: string } {
  if (!link.source || !link.target) return { error: FLOW_MESSAGES.linkEnds };
  return { link };
}

/** Removing a node removes every link touching it. */
export function removeNode(chart: Flowchart, nodeId: string): Flowchart {
  return { ...chart, nodes: chart.nodes.filter((n) => n.id !== nodeId), links: chart.links.filter((l) => l.source !== nodeId && l.target !== nodeId) };
}

/** Dark text on light fills, white text on dark ones (named colours count as light). */
export function readableTextOn(fill: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(fill)?.[1];
  if (!hex) return '#111111';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#111111' : '#ffffff';
}

export function flowchartCode(chart: Flowchart): { code: string } | { error: string } {
  if (chart.nodes.length === 0) return { error: FLOW_MESSAGES.noNodes };
  const direction = FLOW_DIRECTIONS.includes(chart.direction) ? chart.direction : 'TD';
  const lines = [`flowchart ${direction}`];
  for (const node of chart.nodes) {
    const [open, close] = SHAPES[node.shape] ?? SHAPES.rect;
    lines.push(`    ${mermaidNodeId(node.id)}${open}"${escapeLabel(node.label)}"${close}`);
  }
  const ids = new Set(chart.nodes.map((n) => mermaidNodeId(n.id)));
  const links = chart.links.filter((l) => ids.has(mermaidNodeId(l.source)) && ids.has(mermaidNodeId(l.target)));
  for (const link of links) {
    const text = link.text.trim() ? `|"${escapeLabel(link.text)}"|` : '';
    lines.push(`    ${mermaidNodeId(link.source)} ${ARROW_CODE[link.arrow] ?? '-->'}${text} ${mermaidNodeId(link.target)}`);
  }
  for (const node of chart.nodes) {
    const fill = safeColor(node.color, DEFAULT_NODE_COLOR);
    lines.push(`    style ${mermaidNodeId(node.id)} fill:${fill},color:${readableTextOn(fill)}`);
  }
  links.forEach((link, i) => lines.push(`    linkStyle ${i} stroke:${safeColor(link.color, DEFAULT_LINK_COLOR)}`));
  return { code: lines.join('\n') };
}

const NODE_LINE = /^\s*([A-Za-z0-9_]+)(\(\[|\[|\(|\{)"(.*)"(\]\)|\]|\)|\})\s*$/;
const LINK_LINE = /^\s*([A-Za-z0-9_]+)\s+(-->|---|--o|o--o)(?:\|"(.*)"\|)?\s+([A-Za-z0-9_]+)\s*$/;

/** Reads back a flowchart written by flowchartCode for the edit dialog. */
export function parseFlowchartCode(code: string): Flowchart {
  const direction = (/^\s*(?:flowchart|graph)\s+(TD|LR|TB|RL)/m.exec(code)?.[1] ?? 'TD') as FlowDirection;
  const shapeOf = Object.fromEntries(Object.entries(SHAPES).map(([shape, [open]]) => [open, shape as NodeShape]));
  const arrowOf = Object.fromEntries(Object.entries(ARROW_CODE).map(([arrow, mermaid]) => [mermaid, arrow as FlowArrow]));
  const nodes: FlowNode[] = [];
  const links: FlowLink[] = [];
  const fills: Record<string, string> = {};
  const strokes: Record<number, string> = {};
  for (const line of code.split('\n')) {
    const node = NODE_LINE.exec(line);
    const link = LINK_LINE.exec(line);
    const style = /^\s*style\s+([A-Za-z0-9_]+)\s+fill:([^,\s]+)/.exec(line);
    const linkStyle = /^\s*linkStyle\s+(\d+)\s+stroke:([^,\s]+)/.exec(line);
    if (node) nodes.push({ id: node[1]!, label: unescapeLabel(node[3]!), shape: shapeOf[node[2]!] ?? 'rect', color: DEFAULT_NODE_COLOR });
    else if (link) links.push({ id: `link-${links.length + 1}`, source: link[1]!, target: link[4]!, text: unescapeLabel(link[3] ?? ''), arrow: arrowOf[link[2]!] ?? '-->', color: DEFAULT_LINK_COLOR });
    else if (style) fills[style[1]!] = style[2]!;
    else if (linkStyle) strokes[Number(linkStyle[1])] = linkStyle[2]!;
  }
  return {
    direction,
    nodes: nodes.map((n) => ({ ...n, color: fills[n.id] ?? n.color })),
    links: links.map((l, i) => ({ ...l, color: strokes[i] ?? l.color })),
  };
}

/** What kind of diagram a block of Mermaid code is, from its first statement. */
export function diagramTypeOf(code: string): DiagramType {
  const first = code.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('%%')) ?? '';
  if (/^pie\b/.test(first)) return 'pie';
  if (/^(flowchart|graph)\b/.test(first)) return 'flowchart';
  return 'generic';
}

/**
 * Mermaid 'click' lines can call JavaScript or open links; the app never needs them,
 * so they are removed before rendering (securityLevel 'strict' refuses them too).
 */
export function withoutClickDirectives(code: string): string {
  return code
    .split('\n')
    .filter((line) => !/^\s*(click|callback|href)\b/i.test(line))
    .join('\n');
}
