import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { BASE, call, signUp } from './helpers';
import { SELF } from 'cloudflare:test';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const MB = 1024 * 1024;

function form(bytes: Uint8Array | string, name: string, type: string, field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new File([bytes], name, { type }));
  return data;
}

const upload = (path: string, token: string, body: BodyInit) => call('POST', path, { token, body });

describe('image uploads', () => {
  it('stores an image under the owner and serves it back inline with its sniffed type', async () => {
    const alice = await signUp('img');
    const res = await upload('/api/v1/media/upload', alice.token, form(PNG, 'cat.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body.public_url).toMatch(new RegExp(`^/api/v1/files/${alice.id}/[0-9a-f-]{36}$`));
    expect(res.body).toMatchObject({ fileName: 'cat.png', mimeType: 'image/png', fileSize: PNG.byteLength });
    const row = await env.DB.prepare('SELECT user_id, key, kind FROM files WHERE key LIKE ?').bind(`%${res.body.public_url.split('/').pop()}`).first();
    expect(row).toMatchObject({ user_id: alice.id, kind: 'image' });
    expect(row!.key).toBe(`users/${alice.id}/${res.body.public_url.split('/').pop()}`);

    const served = await SELF.fetch(`${BASE}${res.body.public_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('judges the type by the bytes: an SVG or HTML declared as PNG is refused', async () => {
    const bob = await signUp('img');
    const svg = await upload('/api/v1/media/upload', bob.token, form('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.png', 'image/png'));
    expect(svg.status).toBe(415);
    const html = await upload('/api/v1/media/upload', bob.token, form('<script>alert(1)</script>', 'x.jpg', 'image/jpeg'));
    expect(html.status).toBe(415);
    // A real PNG declared as text is still an image.
    const png = await upload('/api/v1/media/upload', bob.token, form(PNG, 'x.txt', 'text/plain'));
    expect(png.status).toBe(201);
    expect(png.body.mimeType).toBe('image/png');
  });

  it('answers 422 when the file field is missing or the body is not multipart', async () => {
    const carol = await signUp('img');
    const wrongField = await upload('/api/v1/media/upload', carol.token, form(PNG, 'a.png', 'image/png', 'image'));
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'file'] })]);
    const json = await call('POST', '/api/v1/files/upload', { token: carol.token, json: { file: 'x' } });
    expect(json.status).toBe(422);
  });

  it('refuses a file over 15 MB with 413 and the spec message, storing nothing', async () => {
    const dan = await signUp('big');
    const big = new Uint8Array(15 * MB + 1);
    big.set(PNG);
    const res = await upload('/api/v1/media/upload', dan.token, form(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('File is too large. Max size is 15MB.');
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM files WHERE user_id = ?').bind(dan.id).first<{ n: number }>();
    expect(count!.n).toBe(0);
    // Exactly 15 MB is accepted.
    const limit = await upload('/api/v1/files/upload', dan.token, form(new Uint8Array(15 * MB), 'limit.bin', 'application/octet-stream'));
    expect(limit.status).toBe(201);
  });

  it('stops a streamed body without Content-Length once it passes the limit', async () => {
    const erin = await signUp('stream');
    let sent = 0;
    const chunk = new Uint8Array(MB);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await SELF.fetch(`${BASE}/api/v1/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${erin.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: stream,
      // @ts-expect-error duplex is required for a streamed request body
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(40);
  });
});

describe('file attachments', () => {
  it('stores any file and serves the same bytes as a download that cannot run script', async () => {
    const frank = await signUp('file');
    const html = '<html><script>window.__xss = 1</script></html>';
    const res = await upload('/api/v1/files/upload', frank.token, form(html, 'page.html', 'text/html'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileName: 'page.html', mimeType: 'text/html', fileSize: html.length });
    const served = await SELF.fetch(`${BASE}${res.body.public_url}`);
    expect(served.status).toBe(200);
    expect(new TextDecoder().decode(await served.arrayBuffer())).toBe(html);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('keeps a strange file name harmless in the header', async () => {
    const gina = await signUp('file');
    const res = await upload('/api/v1/files/upload', gina.token, form('x', '..\\..\\résumé.pdf', 'application/pdf'));
    expect(res.status).toBe(201);
    expect(res.body.fileName).toBe('résumé.pdf');
    const served = await SELF.fetch(`${BASE}${res.body.public_url}`);
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="r_sum_.pdf"; filename*=UTF-8''${encodeURIComponent('résumé.pdf')}`);
  });

  it('needs a token to upload', async () => {
    const res = await call('POST', '/api/v1/files/upload', { body: form('x', 'a.txt', 'text/plain') });
    expect(res.status).toBe(401);
  });

  it('answers 404 for an unknown id, and for an id under another owner', async () => {
    const owner = await signUp('own');
    const other = await signUp('oth');
    const res = await upload('/api/v1/files/upload', owner.token, form('secret', 'a.txt', 'text/plain'));
    const uuid = res.body.public_url.split('/').pop();
    expect((await SELF.fetch(`${BASE}/api/v1/files/${other.id}/${uuid}`)).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/api/v1/files/${owner.id}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/api/v1/files/${owner.id}/not-a-uuid`)).status).toBe(422);
  });
});
