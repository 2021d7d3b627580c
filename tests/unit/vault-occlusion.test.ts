import { describe, expect, it } from 'vitest';
import { obsidianCards } from '../../worker/src/domain/vault-cards';
import { attachmentName, buildVault, VAULT_EXTRA_MARKER, type ExportVaultInput } from '../../worker/src/domain/vault-export';
import { OCCLUSION_BLOCK_MAX_CHARS, occlusionGroupsOf, occlusionMarkdown, type VaultOcclusionData } from '../../worker/src/domain/vault-occlusion';
import { planVault } from '../../worker/src/domain/vault-pages';
import { vaultSectionPieces, type VaultExisting } from '../../worker/src/domain/vault-sections';
import type { CardOcclusion, OcclusionShape } from '../../worker/src/domain/image-occlusion';

const ADDRESS = '/api/v1/files/7/0a1b2c3d-0000-4000-8000-000000000001';
const BOBS = '/api/v1/files/9/0a1b2c3d-0000-4000-8000-000000000009';
const SHAPES: OcclusionShape[] = [
  { kind: 'rect', ordinal: 1, left: 0.1, top: 0.2, width: 0.3, height: 0.1, label: 'Lyon' },
  { kind: 'ellipse', ordinal: 3, left: 0.5, top: 0.6, width: 0.2, height: 0.2, label: '' },
];
const occlusion = (target: number, more: Partial<CardOcclusion> = {}) => JSON.stringify({ image: ADDRESS, shapes: SHAPES, target, mode: 'hide_all', group: 'g-1', version: 2, ...more });

function vaultOf(cards: ExportVaultInput['cards'], files = new Map([[ADDRESS, { name: 'carte', type: 'image/png' }]])) {
  return buildVault({ concepts: [{ id: 1, title: 'Europe', content: null, tags: [] }, { id: 2, title: 'France', content: null, tags: [] }], relations: [{ parent_id: 1, child_id: 2 }], links: [], cards, dailyNotes: [], files });
}

/** The cards section of an exported page, its image pointing at `address` as the import's rewriting leaves it. */
const section = (page: string, address: string) => page.split(VAULT_EXTRA_MARKER)[1]!.replace(/\(\.\.\/attachments\/carte\.png\)/, `(${address})`);

describe('image occlusion in the vault export', () => {
  it('writes a group once, as its image and block, beside the plain cards', () => {
    const vault = vaultOf([
      { concept_id: 2, question: 'Quelle ville ?', answer: 'Lyon', occlusion: occlusion(0) },
      { concept_id: 2, question: 'Capitale ?', answer: 'Paris', occlusion: null },
      { concept_id: 2, question: 'Quelle ville ?', answer: 'Zone 2 sur 2', occlusion: occlusion(1) },
    ]);
    const page = vault.pages.get('Europe/France.md')!;
    expect(page).toContain(`## Flashcards #flashcards\n\n${occlusionMarkdown('../attachments/carte.png', { mode: 'hide_all', header: 'Quelle ville ?', shapes: SHAPES })}\n\nCapitale ?::Paris\n`);
    expect(page.match(/```astrolabe-occlusion/g)).toHaveLength(1);
    // No address, group or version in the page; the image among the attachments.
    expect(page).not.toMatch(/api\/v1|g-1|version/);
    expect([...vault.attachments]).toEqual([['attachments/carte.png', ADDRESS]]);
    // A pasted image's name without extension gains its type's, so the import knows the file.
    expect([attachmentName('carte', 'image/png'), attachmentName('photo.jpeg', 'image/jpeg'), attachmentName(`${'a'.repeat(130)}.png`, 'image/png').slice(-6), attachmentName('cours.pdf', 'application/pdf')]).toEqual(['carte.png', 'photo.jpeg', 'aa.png', 'cours.pdf']);
    expect(attachmentName('x'.repeat(130), 'audio/mpeg')).toBe(`${'x'.repeat(116)}.mp3`);
    // The plugin reads the plain card only.
    expect(obsidianCards(page.split(VAULT_EXTRA_MARKER)[1]!)).toEqual([{ question: 'Capitale ?', answer: 'Paris' }]);
  });

  it('groups cards made before groups by image, mode and shapes, leaves the default question out, and keeps a group whose image is gone as plain cards', () => {
    const old = vaultOf([
      { concept_id: 1, question: 'Que cache la zone masquée ?', answer: 'Lyon', occlusion: occlusion(0, { group: null, mode: 'hide_one' }) },
      { concept_id: 1, question: 'Que cache la zone masquée ?', answer: 'Zone 2 sur 2', occlusion: occlusion(1, { group: null, mode: 'hide_one' }) },
    ]);
    expect(old.pages.get('Europe.md')!.match(/```astrolabe-occlusion/g)).toHaveLength(1);
    expect(old.pages.get('Europe.md')).toContain('"header": "",');
    const gone = vaultOf([{ concept_id: 1, question: 'Quelle ville ?', answer: 'Lyon', occlusion: occlusion(0) }], new Map());
    expect(gone.pages.get('Europe.md')).toContain('Quelle ville ?::Lyon');
    expect(gone.pages.get('Europe.md')).not.toContain('astrolabe-occlusion');
  });
});

describe('image occlusion in the vault import', () => {
  const data: VaultOcclusionData = { mode: 'hide_all', header: 'Quelle ville ?', shapes: SHAPES };
  const block = (json: string, image = `![Zones masquées](${BOBS})`) => `${image}\n\n\`\`\`astrolabe-occlusion\n${json}\n\`\`\``;

  it('reads back what the export writes, each group named by its image and rank', () => {
    const exported = vaultOf([{ concept_id: 2, question: 'Quelle ville ?', answer: 'Lyon', occlusion: occlusion(0) }]).pages.get('Europe/France.md')!;
    const text = section(exported, BOBS);
    expect(occlusionGroupsOf(`${text}\n\n${text}`)).toEqual({ groups: [{ ...data, image: BOBS, key: `${BOBS}#0` }, { ...data, image: BOBS, key: `${BOBS}#1` }], problem: null });
    // Other code blocks, and a block shown inside another fence, are not groups.
    expect(occlusionGroupsOf(`\`\`\`json\n{}\n\`\`\`\n\n~~~~\n${block('{}')}\n~~~~`)).toEqual({ groups: [], problem: null });
  });

  it('refuses a block the routes would refuse, in French, reading no more than its limit', () => {
    const json = (shapes: unknown[], more = '') => `{"mode":"hide_one","header":""${more},"shapes":${JSON.stringify(shapes)}}`;
    const shape = { left: 0.1, top: 0.1, width: 0.1, height: 0.1 };
    const problem = (text: string) => occlusionGroupsOf(text).problem;
    expect(problem(block('{"mode":'))).toBe('Le bloc n’est pas du JSON lisible.');
    expect(problem(block(json(Array(101).fill(shape))))).toBe('Au plus 100 zones par image.');
    expect(problem(block(json([]))) ).toBe('Le bloc ne contient aucune zone.');
    expect(problem(block(json([{ ...shape, left: 0.95 }])))).toBe('La zone dépasse de l’image.');
    expect(problem(block(json([{ ...shape, top: -1 }])))).toMatch(/^Chaque coordonnée doit être un nombre de 0 à 1/);
    expect(problem(block(json([{ ...shape, label: 'x'.repeat(201) }])))).toBe('Le texte d’une zone fait au plus 200 caractères.');
    expect(problem(block(json([{ ...shape, ordinal: 2 }, { ...shape, ordinal: 2 }])))).toBe('Deux zones portent le même numéro (ordinal).');
    expect(problem(block(json([shape]).replace('hide_one', 'tout')))).toMatch(/^Le mode doit être/);
    // The image must come right before, and be one the import stored.
    expect(problem(block(json([shape]), 'Une phrase.'))).toMatch(/doit suivre l’image de ses zones/);
    expect(problem(block(json([shape]), '![plan](attachments/absente.png)'))).toMatch(/introuvable dans le coffre/);
    expect(problem(`![a](${BOBS})\n\n\`\`\`astrolabe-occlusion\n${json([shape])}`)).toBe('Le bloc astrolabe-occlusion n’est pas fermé.');
    // A block past the limit is refused before it is parsed.
    const huge = block(json([shape], `,"x":"${'x'.repeat(OCCLUSION_BLOCK_MAX_CHARS)}"`));
    expect(problem(huge)).toBe(`Le bloc dépasse ${OCCLUSION_BLOCK_MAX_CHARS} caractères.`);
  });

  const page = (extra: string) => ({ path: 'Europe/France.md', text: `Texte.\n\n${VAULT_EXTRA_MARKER}\n\n${extra}` });
  const planOf = (extra: string) => planVault('obsidian', [page(extra)], ['attachments/carte.png'], () => BOBS);

  it('plans a page’s groups over the stored image, and names the page of a refused block', () => {
    const plan = planOf(occlusionMarkdown('../attachments/carte.png', data));
    expect(plan.refusal).toBeNull();
    expect(plan.concepts.find((c) => c.title === 'France')!.occlusions).toEqual([{ ...data, image: BOBS, key: `${BOBS}#0` }]);
    expect([...plan.attachments]).toEqual(['attachments/carte.png']);
    expect(planOf(occlusionMarkdown('../attachments/carte.png', data).replace('"mode"', '"mode":')).refusal).toBe('Zones masquées de la page « Europe/France.md » refusées. Le bloc n’est pas du JSON lisible.');
  });

  it('makes one new card per shape in one group, and nothing when the group was imported before', () => {
    const plan = planOf(occlusionMarkdown('../attachments/carte.png', data));
    const existing: VaultExisting = { conceptUids: new Set(), cardUids: new Set(), blockUids: new Set(), lastBlockOfDay: new Map(), conceptByTitleKey: new Map() };
    const cardsOf = (known: VaultExisting) => [...vaultSectionPieces(plan, known, 1_000)].flatMap((p) => (p.sections.flashcards ?? []) as { uid: string; question: string; answer: string; occlusion: CardOcclusion; state: number }[]);
    const cards = cardsOf(existing);
    expect(cards.map((c) => [c.question, c.answer, c.occlusion.target, c.state])).toEqual([['Quelle ville ?', 'Lyon', 0, 0], ['Quelle ville ?', 'Zone 2 sur 2', 1, 0]]);
    expect(cards.map((c) => ({ ...c.occlusion, group: 'g' }))).toEqual([0, 1].map((target) => ({ image: BOBS, shapes: SHAPES, target, mode: 'hide_all', group: 'g', version: 0 })));
    expect(new Set(cards.map((c) => c.occlusion.group)).size).toBe(1);
    expect(cardsOf({ ...existing, cardUids: new Set([cards[1]!.uid]) })).toEqual([]);
    // The same page planned again names the same cards.
    expect(cardsOf(existing).map((c) => c.uid)).toEqual(cards.map((c) => c.uid));
  });
});
