/**
 * Data export and import (spec document 3 §7 /export-import). Downloads read
 * the body chunk by chunk so the page can show progress; a backup is restored by the
 * chunked calls (start, rows of each section, commit), which is what lets a backup far
 * above the API's body limit travel, with progress as the chunks go.
 */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { DEFAULT_EXPORT_FILE_NAME, IMPORT_LIMITS, SECTION_NAMES, chunkRows } from '@domain/data-format';
import { storedToken } from '../lib/token-store';
import { api, ApiRequestError, authFetch, call, readJson } from './client';

const data = api.api['export-import'];

export type ExportPreview = InferResponseType<typeof data.export.preview.$get, 200>;
export type ApkgOptions = InferRequestType<typeof data.export.apkg.$post>['json'];
export type ImportResult = InferResponseType<(typeof data.import.json)[':importId']['commit']['$post'], 200>;

/** A fraction from 0 to 1 of the work done. */
export type OnProgress = (fraction: number) => void;

export async function fetchExportPreview(): Promise<ExportPreview> {
  return readJson<ExportPreview>(await data.export.preview.$get());
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]!);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Reads a download, reporting progress against Content-Length or the server's estimate. */
async function download(path: string, init: RequestInit, fallbackName: string, onProgress?: OnProgress): Promise<DownloadedFile> {
  let res: Response;
  try {
    res = await authFetch(path, init);
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (!res.ok || !res.body) await readJson(res);
  const total = Number(res.headers.get('content-length') || res.headers.get('x-estimated-size')) || 0;
  const reader = res.body!.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.byteLength;
    if (total) onProgress?.(Math.min(0.99, loaded / total));
  }
  onProgress?.(1);
  return { blob: new Blob(parts, { type: res.headers.get('content-type') ?? 'application/octet-stream' }), fileName: fileNameOf(res, fallbackName) };
}

/** The backup streams without a length: a body that does not end the JSON object was cut off. */
export async function downloadJsonBackup(onProgress?: OnProgress): Promise<DownloadedFile> {
  const file = await download('/api/export-import/export/json', {}, DEFAULT_EXPORT_FILE_NAME, onProgress);
  const tail = await file.blob.slice(-2).text();
  if (tail !== '}\n') throw new ApiRequestError(0, 'The download was interrupted; please try again');
  return file;
}

export function downloadApkg(options: ApkgOptions, onProgress?: OnProgress): Promise<DownloadedFile> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) };
  return download('/api/export-import/export/apkg', init, 'flashcards.apkg', onProgress);
}

/** Chunk uploads in flight at once: the Worker validates one while D1 writes another. */
const PARALLEL_UPLOADS = 3;

/**
 * Restores a parsed backup: the header opens a job, each section goes in chunks — a few
 * side by side, each naming where its rows start in its section so the file's order is
 * kept — and commit switches them in.
 */
export async function importJsonBackup(backup: Record<string, unknown>, merge: boolean, onProgress?: OnProgress): Promise<ImportResult> {
  const header = { format_version: backup.format_version, account: backup.account ?? undefined, preferences: backup.preferences ?? null };
  const started = await readJson<{ import_id: string }>(
    await data.import.json.start.$post({ json: { merge, header: header as never } }),
  );
  const id = started.import_id;
  try {
    const chunks = SECTION_NAMES.flatMap((section) => {
      const rows = backup[section];
      if (!Array.isArray(rows)) return [];
      let offset = 0;
      return chunkRows(rows, IMPORT_LIMITS.chunkBytes).map((chunk) => {
        const body = { section, rows: chunk, offset };
        offset += chunk.length;
        return body;
      });
    });
    let next = 0;
    let done = 0;
    const upload = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        await readJson(await data.import.json[':importId'].rows.$post({ param: { importId: id }, json: chunk }));
        onProgress?.((++done / (chunks.length + 1)) * 0.95);
      }
    };
    // The first failure stops the other uploaders at their next chunk; the job is abandoned
    // only once none is still sending.
    const uploads = await Promise.allSettled(
      Array.from({ length: PARALLEL_UPLOADS }, () =>
        upload().catch((error: unknown) => {
          next = chunks.length;
          throw error;
        }),
      ),
    );
    const failed = uploads.find((u): u is PromiseRejectedResult => u.status === 'rejected');
    if (failed) throw failed.reason;
    const result = await readJson<ImportResult>(await data.import.json[':importId'].commit.$post({ param: { importId: id } }));
    onProgress?.(1);
    return result;
  } catch (error) {
    // The server deletes the job when a commit fails; after a failed chunk it is abandoned here.
    await data.import.json[':importId'].$delete({ param: { importId: id } }).catch(() => undefined);
    throw error;
  }
}

export type VaultImportResult = InferResponseType<typeof data.import.vault.$post, 200>;

/** Sends an import body (a file's form, or JSON); upload progress comes from XMLHttpRequest, which fetch cannot report. */
function sendWithProgress<T>(path: string, body: FormData | { json: unknown }, onProgress?: OnProgress): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = storedToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (!(body instanceof FormData)) xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.min(0.95, e.loaded / e.total));
    xhr.onerror = () => reject(new ApiRequestError(0, null));
    xhr.onload = () => {
      let body: { detail?: unknown } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
      } else reject(new ApiRequestError(xhr.status, body?.detail ?? null));
    };
    xhr.send(body instanceof FormData ? body : JSON.stringify(body.json));
  });
}

function uploadImportFile<T>(path: string, file: File, onProgress?: OnProgress): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return sendWithProgress<T>(path, form, onProgress);
}

export const importApkg = (file: File, onProgress?: OnProgress) => uploadImportFile<ImportResult>('/api/export-import/import/apkg', file, onProgress);

/** An Obsidian vault or a Logseq graph, zipped. */
export const importVault = (file: File, onProgress?: OnProgress) => uploadImportFile<VaultImportResult>('/api/export-import/import/vault', file, onProgress);

export type CardTablePreview = InferResponseType<typeof data.import.cards.preview.$post, 200>;
export type CardTableOptions = InferRequestType<typeof data.import.cards.preview.$post>['json'];
export type CardTableImport = InferRequestType<typeof data.import.cards.$post>['json'];
export type CardTableResult = InferResponseType<typeof data.import.cards.$post, 200>;

/** Cards from a table: what the server reads of the text (separator, header, first rows, proposed columns). */
export async function previewCardTable(options: CardTableOptions): Promise<CardTablePreview> {
  return call(data.import.cards.preview.$post({ json: options }));
}

/** Cards from a table, imported with the chosen columns into a concept. */
export const importCardTable = (body: CardTableImport, onProgress?: OnProgress) => sendWithProgress<CardTableResult>('/api/export-import/import/cards', { json: body }, onProgress);

export const downloadVault = (onProgress?: OnProgress) => download('/api/export-import/export/vault', {}, 'astrolabe-vault.zip', onProgress);

export function deleteAllData() {
  return call(data['user-data'].$delete({ query: { confirm: 'DELETE_ALL_MY_DATA' } }));
}
