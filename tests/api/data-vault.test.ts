/**
 * Markdown vaults moving in: an Obsidian vault and a Logseq graph made with each app's
 * conventions (tests/fixtures/vaults/README.md), zipped as a person would, imported
 * through the Data tab's route. Checked through the person's JSON export: pages as
 * concepts, folders and namespaces as parents, wiki links, tags, daily notes, cards and
 * attachments; a second import adds nothing; a bad zip changes nothing.
 */
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { call, signUp, type TestUser } from './helpers';
import { exportJson, importForm, linksIn, storedBlocks, storedConcepts } from './data-fixtures';

const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
/** A fixture vault zipped inside its own top folder, as zipping a vault's folder does. */
const zipVault = (name: string, extra: Record<string, Uint8Array> = {}) =>
  zipSync({ ...Object.fromEntries(Object.entries(env.VAULT_FIXTURES[name]!).map(([p, b]) => [`${name}/${p}`, bytesOf(b)])), ...extra });

const importVault = (user: TestUser, zip: Uint8Array, name = 'vault.zip') =>
  call('POST', '/api/export-import/import/vault', { token: user.token, body: importForm(zip, name, 'application/zip') });

type Backup = Record<string, any[]>;
const conceptOf = (b: Backup, title: string) => b.concepts!.find((c) => c.title === title);
const titleOfUid = (b: Backup, uid: string) => b.concepts!.find((c) => c.uid === uid)?.title;
const linksOf = (b: Backup, title: string) => b.concept_links!.filter((l) => l.concept_uid === conceptOf(b, title)?.uid).map((l) => titleOfUid(b, l.target_concept_uid)).sort();
const parentOf = (b: Backup, title: string) => titleOfUid(b, b.concept_relations!.find((r) => r.child_uid === conceptOf(b, title)?.uid)?.parent_uid);
const cardsOf = (b: Backup, title: string) => b.flashcards!.filter((f) => f.concept_uid === conceptOf(b, title)?.uid).map((f) => [f.question, f.answer]);
/** Each card's schedule: state ('new' or 'review'), due day and interval. */
const schedulesOf = (b: Backup, title: string) =>
  b.flashcards!.filter((f) => f.concept_uid === conceptOf(b, title)?.uid).map((f) => (f.state === 0 ? 'new' : `review ${new Date(f.due).toISOString().slice(0, 10)} ${f.scheduled_days}d`));
const counts = (b: Backup) => ['concepts', 'concept_links', 'concept_relations', 'flashcards', 'daily_notes', 'note_blocks', 'files', 'tags'].map((s) => b[s]!.length);

async function importedTwice(name: string) {
  const user = await signUp('vault');
  const first = await importVault(user, zipVault(name));
  expect([first.status, first.body]).toEqual([200, expect.anything()]);
  const backup = (await exportJson(user)) as Backup;
  const again = await importVault(user, zipVault(name));
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ concepts: 0, flashcards: 0, daily_notes: 0, attachments: 0 });
  expect(counts((await exportJson(user)) as Backup)).toEqual(counts(backup));
  return { user, body: first.body, backup };
}

describe('importing a Markdown vault', () => {
  it('reads an Obsidian vault: pages, folders as parents, links with aliases and headings, tags, daily notes, SR cards, attachments', async () => {
    const { user, body, backup: b } = await importedTwice('obsidian');
    expect(body).toMatchObject({ concepts: 5, flashcards: 6, daily_notes: 1, attachments: 2 });
    // One concept per page, and one for the folder `Ciel` (app settings, attachments and the journal folder make none).
    expect(b.concepts!.map((c) => c.title).sort()).toEqual(['Bienvenue', 'Ciel', 'Mars', 'Planètes', 'Étoiles']);
    // `[[Étoiles|les étoiles]]` and `[[Planètes#Liste|…]]` link the pages; `[[Soleil]]` names no page and links nothing.
    expect(linksOf(b, 'Bienvenue')).toEqual(['Planètes', 'Étoiles']);
    expect(linksOf(b, 'Planètes')).toEqual(['Mars', 'Étoiles']);
    expect(linksOf(b, 'Mars')).toEqual([]);
    // An alias stays the text shown.
    expect(conceptOf(b, 'Bienvenue').content_text).toContain('voir les étoiles et la liste des planètes.');
    // Folders are parents; a folder with a page of its own name (a folder note) is that page.
    expect([parentOf(b, 'Étoiles'), parentOf(b, 'Planètes'), parentOf(b, 'Mars'), parentOf(b, 'Ciel'), parentOf(b, 'Bienvenue')]).toEqual(['Ciel', 'Ciel', 'Planètes', undefined, undefined]);
    // Front-matter tags (inline and list) and #tags; nothing inside code.
    expect(conceptOf(b, 'Bienvenue').tags.sort()).toEqual(['astronomie', 'débutant', 'observation']);
    expect(conceptOf(b, 'Étoiles').tags.sort()).toEqual(['ciel', 'flashcards/astronomie']);
    expect(cardsOf(b, 'Étoiles')).toEqual([
      ['Étoile la plus proche de la Terre', 'Le Soleil'],
      ['Couleur des étoiles les plus chaudes', 'bleue'],
      ['bleue', 'Couleur des étoiles les plus chaudes'],
      ['Que mesure la magnitude apparente ?', "La luminosité d'une étoile\nvue depuis la Terre."],
      ['Le Soleil est une étoile de type [...] située à 8 minutes-lumière.', 'Le Soleil est une étoile de type naine jaune située à 8 minutes-lumière.'],
      ['Le Soleil est une étoile de type naine jaune située à [...].', 'Le Soleil est une étoile de type naine jaune située à 8 minutes-lumière.'],
    ]);
    // The plugin's `<!--SR:…-->` comments are the cards' schedules: one per card, in order (a reversed
    // card's two on the next line; the cloze paragraph's one for its first deletion only).
    expect(schedulesOf(b, 'Étoiles')).toEqual(['review 2024-03-18 4d', 'review 2024-03-17 2d', 'review 2024-03-21 6d', 'review 2024-03-20 3d', 'review 2024-03-25 10d', 'new']);
    // A note not tagged for the plugin has no cards, whatever its `::`.
    expect(cardsOf(b, 'Bienvenue')).toEqual([]);
    // The daily note, its link kept as a mention.
    expect(b.daily_notes!.map((n) => n.date)).toEqual(['2024-03-15']);
    expect(b.note_blocks!.map((n) => n.plain_text)).toEqual(['Observé Mars ce soir, ciel clair. #observation']);
    expect(b.block_mentions!.map((m) => titleOfUid(b, m.concept_uid))).toEqual(['Mars']);
    // Both attachments (`![[…]]` by name, `![](../attachments/…)` relative) are served from the person's files.
    expect(b.files!.map((f) => f.file_name).sort()).toEqual(['nébuleuse.png', 'orbite elliptique.png']);
    const figure = JSON.stringify(conceptOf(b, 'Planètes').content).match(/"src":"([^"]+)"/)![1]!;
    const image = await call('GET', figure, { token: user.token });
    expect(image.status).toBe(200);
  });

  it('reads a Logseq graph: namespaces as parents, page properties, journals, #card blocks and clozes, assets', async () => {
    const { body, backup: b } = await importedTwice('logseq');
    expect(body).toMatchObject({ concepts: 5, flashcards: 4, daily_notes: 1, attachments: 1 });
    expect(b.concepts!.map((c) => c.title).sort()).toEqual(['Cartes du journal', 'Chimie', 'Chimie/Atome', 'Chimie/Organique', 'Chimie/Organique/Carbone']);
    expect([parentOf(b, 'Chimie/Atome'), parentOf(b, 'Chimie/Organique'), parentOf(b, 'Chimie/Organique/Carbone')]).toEqual(['Chimie', 'Chimie', 'Chimie/Organique']);
    expect(linksOf(b, 'Chimie')).toEqual(['Chimie/Atome']);
    expect(linksOf(b, 'Chimie/Organique/Carbone')).toEqual(['Chimie']);
    expect(conceptOf(b, 'Chimie').tags.sort()).toEqual(['réaction chimique', 'science', 'sciences physiques']);
    expect(cardsOf(b, 'Chimie')).toEqual([
      ["Symbole de l'or", 'Au'],
      ["L'eau a pour formule [...]", "L'eau a pour formule H2O"],
    ]);
    // Logseq's own review properties are the card's schedule.
    expect(schedulesOf(b, 'Chimie')).toEqual(['review 2024-03-19 4d', 'new']);
    expect(b.flashcards!.find((f) => f.question === "Symbole de l'or")).toMatchObject({ reps: 2, state: 2 });
    // A journal's #card blocks are cards of the page they name, or of the journal's cards.
    expect(cardsOf(b, 'Chimie/Organique/Carbone')).toEqual([['Numéro atomique du carbone ? [[Chimie/Organique/Carbone]]', '6']]);
    expect(cardsOf(b, 'Cartes du journal')).toEqual([['Vitesse de la lumière ?', '300 000 km/s']]);
    // `[text]([[Page]])` shows its text.
    expect(conceptOf(b, 'Chimie').content_text).toContain("à partir de l'Chimie/Atome (le noyau compris).");
    // Block properties are not text anyone wrote.
    expect(conceptOf(b, 'Chimie/Atome').content_text).not.toContain('id::');
    expect(conceptOf(b, 'Chimie').content_text).not.toMatch(/card-next-schedule|tags::/);
    expect(b.daily_notes!.map((n) => n.date)).toEqual(['2024-03-15']);
    expect(b.note_blocks!.map((n) => n.plain_text)).toEqual([
      'Révisé Chimie ce matin\ndeux cartes revues',
      'Lu un article #lecture',
      'Numéro atomique du carbone ? #card Chimie/Organique/Carbone\n6',
      'Vitesse de la lumière ? #card\n300 000 km/s',
    ]);
    expect(b.files!.map((f) => f.file_name)).toEqual(['noyau_1710500000000_0.png']);
    expect(JSON.stringify(conceptOf(b, 'Chimie/Atome').content)).toContain(b.files![0].key.replace(/^users\/(\d+)\//, '/api/v1/files/$1/'));
  });

  it('adds only what is new when a vault grows, and keeps what the person changed since', async () => {
    const user = await signUp('vault');
    expect((await importVault(user, zipVault('obsidian'))).status).toBe(200);
    const before = (await exportJson(user)) as Backup;
    const mars = conceptOf(before, 'Mars');
    const list = (await call('GET', '/api/concepts?search=Mars', { token: user.token })).body;
    const id = list.concepts.find((c: any) => c.title === 'Mars').id;
    const { content_version } = (await call('GET', `/api/concepts/${id}`, { token: user.token })).body;
    const rewritten = { title: 'Mars', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Réécrit ici' }] }] }, content_version };
    expect((await call('PUT', `/api/concepts/${id}`, { token: user.token, json: rewritten })).status).toBe(200);
    const grown = zipVault('obsidian', { 'obsidian/Ciel/Planètes/Vénus.md': new TextEncoder().encode('Voisine de [[Mars]].') });
    const res = await importVault(user, grown);
    expect(res.body).toMatchObject({ concepts: 1, flashcards: 0 });
    const after = (await exportJson(user)) as Backup;
    expect(after.concepts!.length).toBe(before.concepts!.length + 1);
    expect(conceptOf(after, 'Mars').uid).toBe(mars.uid);
    expect(conceptOf(after, 'Mars').content_text).toBe('Réécrit ici');
    expect(linksOf(after, 'Vénus')).toEqual(['Mars']);
    expect(parentOf(after, 'Vénus')).toBe('Planètes');
  });

  it('stores each [[Title]] of a vault as the link typing it makes: to a page of the same vault or of the account, else a placeholder', async () => {
    const user = await signUp('vault');
    expect((await importVault(user, zipVault('obsidian'))).status).toBe(200);
    let concepts = await storedConcepts(user);
    let titleOfId = new Map([...concepts.values()].map((c) => [c.id, c.title]));
    expect(linksIn(concepts.get('Bienvenue')!.content!, titleOfId)).toEqual(['les étoiles → Étoiles', 'liste des planètes → Planètes']);
    expect(concepts.get('Bienvenue')!.content_text).not.toContain('[[');
    expect(linksIn(concepts.get('Mars')!.content!, titleOfId)).toEqual(['Soleil → (à créer: Soleil)']);
    expect((await storedBlocks(user)).map((b) => [linksIn(b.text, titleOfId), b.plain_text])).toEqual([[['Mars → Mars'], 'Observé Mars ce soir, ciel clair. #observation']]);
    // A later import links to a page the account already holds.
    const grown = zipVault('obsidian', { 'obsidian/Ciel/Planètes/Vénus.md': new TextEncoder().encode('Voisine de [[Mars]], loin de [[Pluton]].') });
    expect((await importVault(user, grown)).status).toBe(200);
    concepts = await storedConcepts(user);
    titleOfId = new Map([...concepts.values()].map((c) => [c.id, c.title]));
    expect(linksIn(concepts.get('Vénus')!.content!, titleOfId)).toEqual(['Mars → Mars', 'Pluton → (à créer: Pluton)']);
  });

  it('refuses a bad file with a French error and changes nothing', async () => {
    const user = await signUp('vault');
    await importVault(user, zipVault('logseq'));
    const before = counts((await exportJson(user)) as Backup);
    const notZip = await importVault(user, new TextEncoder().encode('pas une archive'), 'notes.zip');
    expect(notZip.status).toBe(422);
    expect(notZip.body).toMatchObject({ code: 'invalid_vault', detail: expect.stringContaining("n'est pas une archive") });
    const noPage = await importVault(user, zipSync({ 'photo.png': bytesOf(env.VAULT_FIXTURES.logseq!['assets/noyau_1710500000000_0.png']!) }));
    expect(noPage.body).toMatchObject({ code: 'invalid_vault', detail: expect.stringContaining('aucune page Markdown') });
    // A zip bomb: 40 MB of zeros squeezed into a few kB, refused by its declared size before it is expanded.
    const bomb = await importVault(user, zipSync({ 'bombe.md': new Uint8Array(40 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.status).toBe(422);
    expect(bomb.body.code).toBe('vault_too_large');
    // More pages than one request can hold in memory: refused whole, with how to split it.
    const crowded = await importVault(user, zipSync(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`Notes/Page ${i}.md`, new TextEncoder().encode(`# Page ${i}\n\nUne ligne.`)]))));
    expect(crowded.status).toBe(422);
    expect(crowded.body).toMatchObject({ code: 'vault_too_large', detail: expect.stringContaining('10001 pages') });
    expect(counts((await exportJson(user)) as Backup)).toEqual(before);
    const missing = await call('POST', '/api/export-import/import/vault', { token: user.token, body: new FormData() });
    expect(missing.status).toBe(422);
  });
});

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function exportVault(user: TestUser) {
  const res = await SELF.fetch('http://astrolabe.test/api/export-import/export/vault', { headers: { authorization: `Bearer ${user.token}` } });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/zip']);
  return new Uint8Array(await res.arrayBuffer());
}

/** What a person would compare between two accounts: titles with tags and parent, links and cards by title, daily notes' text. */
function summary(b: Backup) {
  return {
    concepts: b.concepts!.map((c) => [c.title, [...c.tags].sort(), parentOf(b, c.title) ?? null]).sort(),
    links: b.concepts!.flatMap((c) => linksOf(b, c.title).map((t) => `${c.title} → ${t}`)).sort(),
    cards: b.concepts!.flatMap((c) => cardsOf(b, c.title).map(([q, a]) => `${c.title}: ${q} | ${a}`)).sort(),
    days: b.note_blocks!.map((n) => `${n.note_date}: ${n.plain_text}`).sort(),
    files: b.files!.map((f) => f.file_name).sort(),
  };
}

describe('exporting a Markdown vault', () => {
  it('writes one page per concept with its tags, links, cards and attachments, and reads back as the same knowledge', async () => {
    const ada = await signUp('vault');
    expect((await importVault(ada, zipVault('obsidian'))).status).toBe(200);
    const atom = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Chimie/Atome', content: doc('Un noyau'), tag_names: ['chimie'] } });
    const molecule = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Molécule', content: doc('Faite de [[Chimie/Atome]] liés'), parent_ids: [atom.body.id] } });
    expect((await call('POST', `/api/concepts/${molecule.body.id}/flashcards`, { token: ada.token, json: { question: 'Liaison covalente ?', answer: 'Deux atomes\nqui partagent des électrons' } })).status).toBe(201);
    expect((await call('POST', `/api/concepts/${atom.body.id}/flashcards`, { token: ada.token, json: { question: 'Charge du noyau', answer: 'positive' } })).status).toBe(201);
    const original = (await exportJson(ada)) as Backup;

    const zip = await exportVault(ada);
    const files = unzipSync(zip);
    const page = (path: string) => strFromU8(files[path]!);
    // Obsidian's layout: a folder note beside its folder, a title no file may carry kept in the front matter.
    expect(Object.keys(files).sort()).toEqual(
      ['Bienvenue.md', 'Ciel.md', 'Ciel/Planètes.md', 'Ciel/Planètes/Mars.md', 'Ciel/Étoiles.md', 'Chimie Atome.md', 'Chimie Atome/Molécule.md', 'Journal/2024-03-15.md', 'attachments/nébuleuse.png', 'attachments/orbite elliptique.png'].sort(),
    );
    expect(page('Chimie Atome.md')).toMatch(/^---\ntitle: "Chimie\/Atome"\naliases: \["Chimie\/Atome"\]\ntags: \["chimie"\]\n---\n\nUn noyau\n/);
    expect(page('Chimie Atome/Molécule.md')).toContain('Faite de [[Chimie/Atome]] liés');
    expect(page('Chimie Atome/Molécule.md')).toContain('## Flashcards #flashcards\n\nLiaison covalente ?\n?\nDeux atomes\nqui partagent des électrons');
    expect(page('Ciel/Étoiles.md')).toContain('Étoile la plus proche de la Terre::Le Soleil');
    expect(page('Ciel/Planètes.md')).toContain('](../attachments/orbite%20elliptique.png)');
    expect(page('Bienvenue.md')).toContain('](attachments/n%C3%A9buleuse.png)');
    expect(page('Journal/2024-03-15.md')).toBe('Observé [[Mars]] ce soir, ciel clair. #observation\n');

    const bob = await signUp('vault');
    const res = await importVault(bob, zip);
    expect(res.status).toBe(200);
    const back = (await exportJson(bob)) as Backup;
    expect(summary(back)).toEqual(summary(original));
    // The exported sections (links, cards) are not part of a page's text once back.
    expect(conceptOf(back, 'Molécule').content_text).toBe('Faite de Chimie/Atome liés');
    const bobs = await storedConcepts(bob);
    expect(linksIn(bobs.get('Molécule')!.content!, new Map([...bobs.values()].map((c) => [c.id, c.title])))).toEqual(['Chimie/Atome → Chimie/Atome']);
  });
});
