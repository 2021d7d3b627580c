import { describe, expect, it } from 'vitest';
import {
  flowchartForTheme,
  canCreatePie,
  diagramTypeOf,
  escapeLabel,
  flowchartCode,
  FLOW_MESSAGES,
  generateNodeId,
  parseFlowchartCode,
  parsePieChartCode,
  pieChartCode,
  pieColorAt,
  PIE_COLORS,
  prepareLink,
  prepareNode,
  removeNode,
  unescapeLabel,
  withoutClickDirectives,
  type Flowchart,
} from '@domain/mermaid-charts';

describe('pie charts', () => {
  const items = [
    { id: '1', label: 'Chats', value: '3', color: '#4e79a7' },
    { id: '2', label: '', value: '4', color: '#f28e2b' },
    { id: '3', label: 'Chiens', value: 'x', color: '#e15759' },
    { id: '4', label: 'Oiseaux', value: '2.5', color: '#59a14f' },
  ];

  it('is creatable only once an item has a label and a numeric value', () => {
    expect(canCreatePie([{ id: '1', label: '', value: '', color: '' }])).toBe(false);
    expect(canCreatePie([{ id: '1', label: 'a', value: '', color: '' }])).toBe(false);
    expect(canCreatePie(items)).toBe(true);
  });

  it('outputs only complete items, with their colours', () => {
    const code = pieChartCode(items);
    expect(code).toContain('"Chats" : 3');
    expect(code).toContain('"Oiseaux" : 2.5');
    expect(code).not.toContain('Chiens');
    expect(code).toContain('"pie1": "#4e79a7"');
    expect(code).toContain('"pie2": "#59a14f"');
  });

  it('round-trips through the edit dialog', () => {
    const parsed = parsePieChartCode(pieChartCode(items, 'Animaux'));
    expect(parsed.title).toBe('Animaux');
    expect(parsed.items.map((i) => [i.label, Number(i.value), i.color])).toEqual([
      ['Chats', 3, '#4e79a7'],
      ['Oiseaux', 2.5, '#59a14f'],
    ]);
  });

  it('cycles through 12 colours', () => {
    expect(PIE_COLORS).toHaveLength(12);
    expect(pieColorAt(12)).toBe(pieColorAt(0));
    expect(new Set(PIE_COLORS.map((c) => c.hex)).size).toBe(12);
  });

  it('cannot be broken out of by a label or a colour', () => {
    const code = pieChartCode([{ id: '1', label: 'a" : 1\n%%{init: {"securityLevel":"loose"}}%%', value: 1, color: '"}}%%<script>' }]);
    expect(code.split('\n')).toHaveLength(3);
    expect(code).not.toContain('<script>');
    expect(code.match(/securityLevel/g)).toHaveLength(1);
    expect(code.split('\n')[2]).toMatch(/^ {4}"[^"]*" : 1$/);
  });
});

describe('flowcharts', () => {
  const chart: Flowchart = {
    direction: 'LR',
    nodes: [
      { id: 'A', label: 'Début', shape: 'round', color: '#add8e6' },
      { id: 'B', label: 'Choix "oui/non" <b>', shape: 'rhombus', color: '#ff0000' },
      { id: 'C', label: 'Fin', shape: 'stadium', color: '#add8e6' },
    ],
    links: [
      { id: 'l1', source: 'A', target: 'B', text: '', arrow: '-->', color: '#333333' },
      { id: 'l2', source: 'B', target: 'C', text: 'oui | go', arrow: '-->o', color: '#00ff00' },
    ],
  };

  it('writes nodes with their shapes, links with arrows and text, and styles', () => {
    const result = flowchartCode(chart);
    if (!('code' in result)) throw new Error(result.error);
    expect(result.code.split('\n')[0]).toBe('flowchart LR');
    expect(result.code).toContain('A("Début")');
    expect(result.code).toContain('B{"Choix #quot;oui/non#quot; #lt;b#gt;"}');
    expect(result.code).toContain('C(["Fin"])');
    expect(result.code).toContain('A --> B');
    expect(result.code).toContain('B --o|"oui #124; go"| C');
    expect(result.code).toContain('style B fill:#ff0000,color:#ffffff');
    expect(result.code).toContain('style A fill:#add8e6,color:#111111');
    expect(result.code).toContain('linkStyle 1 stroke:#00ff00');
    expect(result.code).not.toMatch(/<b>/);
  });

  it('round-trips through the edit dialog', () => {
    const result = flowchartCode(chart);
    if (!('code' in result)) throw new Error(result.error);
    const parsed = parseFlowchartCode(result.code);
    expect(parsed.direction).toBe('LR');
    expect(parsed.nodes).toEqual(chart.nodes);
    expect(parsed.links.map(({ id: _id, ...l }) => l)).toEqual(chart.links.map(({ id: _id, ...l }) => l));
  });

  it('refuses an empty chart, an empty label, a duplicate id and a link without ends', () => {
    expect(flowchartCode({ direction: 'TD', nodes: [], links: [] })).toEqual({ error: FLOW_MESSAGES.noNodes });
    expect(prepareNode({ id: 'X', label: '  ', shape: 'rect', color: '' }, [])).toEqual({ error: 'Node label cannot be empty.' });
    expect(prepareNode({ id: 'A', label: 'x', shape: 'rect', color: '' }, chart.nodes)).toEqual({ error: 'Node ID must be unique.' });
    expect(prepareLink({ id: 'l', source: 'A', target: '', text: '', arrow: '-->', color: '' })).toEqual({ error: 'Source and Target nodes must be selected for a link.' });
  });

  it('gives an empty id 8 characters, and keeps ids Mermaid can parse', () => {
    const made = prepareNode({ id: '', label: 'x', shape: 'rect', color: '' }, []);
    expect('node' in made && made.node.id).toHaveLength(8);
    expect(generateNodeId(() => 0)).toBe('naaaaaaa');
    const odd = prepareNode({ id: 'end', label: 'x', shape: 'rect', color: '' }, []);
    expect('node' in odd && odd.node.id).toBe('n_end');
  });

  it('removes the links of a removed node', () => {
    const after = removeNode(chart, 'B');
    expect(after.nodes.map((n) => n.id)).toEqual(['A', 'C']);
    expect(after.links).toEqual([]);
  });
});

describe('labels and directives', () => {
  it('escapes and unescapes labels', () => {
    const nasty = 'a "b" <img src=x onerror=alert(1)> #quot; [x] {y}';
    expect(escapeLabel(nasty)).not.toMatch(/["<>[\]{}]/);
    expect(unescapeLabel(escapeLabel(nasty))).toBe(nasty);
  });

  it('names the diagram type and strips click callbacks', () => {
    expect(diagramTypeOf('%%{init: {}}%%\npie\n "a" : 1')).toBe('pie');
    expect(diagramTypeOf('graph TD\nA-->B')).toBe('flowchart');
    expect(diagramTypeOf('sequenceDiagram')).toBe('generic');
    expect(withoutClickDirectives('flowchart TD\nA-->B\nclick A call alert(1)\n  click B "javascript:alert(1)"')).toBe('flowchart TD\nA-->B');
  });
});

describe('a flowchart on the page', () => {
  it('draws links of the default dark grey light on a dark page, and keeps chosen colours and the light theme as stored', () => {
    const code = 'graph TD\n    A --> B\n    B --> C\n    linkStyle 0 stroke:#333333\n    linkStyle 1 stroke:#ff0000';
    expect(flowchartForTheme(code, 'dark')).toContain('linkStyle 0 stroke:#cbd5e1');
    expect(flowchartForTheme(code, 'dark')).toContain('linkStyle 1 stroke:#ff0000');
    expect(flowchartForTheme(code, 'light')).toBe(code);
  });
});
