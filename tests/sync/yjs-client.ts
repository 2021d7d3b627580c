/** A real Yjs client over a WebSocket to the running party server, as the editor will be. */
import YPartyKitProvider from 'y-partykit/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

export interface YClient {
  doc: Y.Doc;
  provider: YPartyKitProvider;
  destroy(): void;
}

export function connectClient(partyHost: string, room: string, token: string | null, party = 'main'): YClient {
  const doc = new Y.Doc();
  const provider = new YPartyKitProvider(partyHost, room, doc, {
    params: token === null ? {} : { token },
    party,
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    protocol: 'ws',
    maxBackoffTime: 500,
  });
  return {
    doc,
    provider,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

export function waitForSynced(client: YClient, timeoutMs = 10_000): Promise<void> {
  if (client.provider.synced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('client did not sync')), timeoutMs);
    client.provider.on('synced', (synced: boolean) => {
      if (synced) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Resolves with the HTTP status the party server answers a WebSocket upgrade with (101 when accepted). */
export function upgradeStatus(partyHost: string, room: string, query: string, headers: Record<string, string> = {}, party = 'main'): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://${partyHost}/parties/${party}/${room}${query}`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => resolve(-1));
  });
}

export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, stepMs = 25): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
