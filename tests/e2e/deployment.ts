/**
 * The app served from its own loopback origin, so that one test can deploy "a new build"
 * without touching the stack every other test shares: a small proxy forwards every request
 * to the stack as it is, and after `deploy(extra)` serves the service worker with `extra`
 * appended (a changed byte is what makes the browser install a new worker). The browser's
 * own check for a new worker fetches the script outside any page, where Playwright's
 * routes do not reach, hence a real server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SW_PATH = '/firebase-messaging-sw.js';

export interface Deployment {
  /** The app's origin through the proxy. */
  url: string;
  /** From now on the service worker script ends with `extra`. */
  deploy(extra: string): void;
  close(): Promise<void>;
}

export async function deployableApp(stackUrl: string): Promise<Deployment> {
  const target = new URL(stackUrl);
  let extra: string | null = null;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', stackUrl).pathname;
    // Uncompressed, so that bytes can be appended to the worker's script.
    const headers = { ...req.headers, host: target.host, 'accept-encoding': 'identity' };
    // The new build's worker is not the one the browser holds: never 'not modified'.
    if (path === SW_PATH && extra !== null) {
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      if (path !== SW_PATH || extra === null || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(extra!)]);
        const { 'content-length': _length, 'content-encoding': _encoding, etag: _etag, ...rest } = answer.headers;
        res.writeHead(200, { ...rest, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: (next) => void (extra = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
