/** Helpers for the live-sync tests: concepts through the API, the stored room state through /internal. */
import * as Y from 'yjs';
import type { StackInfo } from '../support/stack-setup';
import { api, type Account } from '../support/client';
import { EDITOR_FRAGMENT, yDocToDoc } from '../../worker/src/domain/yjs-prosemirror';
import { docToPlainText, type RichDoc } from '../../worker/src/domain/richtext';

export const paragraphs = (...lines: string[]): RichDoc => ({
  type: 'doc',
  content: lines.map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
});

export async function createConcept(stack: Pick<StackInfo, 'url'>, owner: Account, title: string, content: RichDoc | null = null): Promise<number> {
  const res = await api(stack.url, 'POST', '/api/concepts', { token: owner.token, json: { title, content } });
  if (res.status !== 201) throw new Error(`create concept ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export const roomOf = (owner: Account, conceptId: number) => `u${owner.id}-c${conceptId}`;

/** What D1 holds for the room: the Yjs state decoded into a document, and the concept's derived fields. */
export async function storedRoom(stack: Pick<StackInfo, 'url' | 'internalSecret'>, owner: Account, conceptId: number) {
  const res = await fetch(`${stack.url}/internal/rooms/${owner.id}/${conceptId}`, { headers: { 'x-internal-secret': stack.internalSecret } });
  if (!res.ok) throw new Error(`stored room ${res.status}`);
  const body = (await res.json()) as { state: string | null; content: RichDoc | null; content_version: number };
  const ydoc = new Y.Doc();
  if (body.state) Y.applyUpdate(ydoc, Buffer.from(body.state, 'base64'));
  return { ydoc, doc: yDocToDoc(ydoc), content: body.content, contentVersion: body.content_version };
}

export const fragmentOf = (doc: Y.Doc) => doc.getXmlFragment(EDITOR_FRAGMENT);

/** The plain text the editor shows for a client's document. */
export const textOf = (doc: Y.Doc) => docToPlainText(yDocToDoc(doc));

/** Appends a paragraph holding `text`, as typing on a new line would. */
export function appendParagraph(doc: Y.Doc, text: string): void {
  doc.transact(() => {
    const p = new Y.XmlElement('paragraph');
    p.insert(0, [new Y.XmlText(text)]);
    fragmentOf(doc).push([p]);
  });
}

/** The concept as a REST client reads it (its content and the content_version a write must name). */
export async function readConcept(stack: Pick<StackInfo, 'url'>, owner: Account, conceptId: number) {
  const res = await api(stack.url, 'GET', `/api/concepts/${conceptId}`, { token: owner.token });
  if (res.status !== 200) throw new Error(`read concept ${res.status}`);
  return res.body as { title: string; content: RichDoc | null; content_text: string; content_version: number; tags: { name: string }[] };
}
