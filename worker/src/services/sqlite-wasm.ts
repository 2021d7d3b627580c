/// <reference path="../wasm-modules.d.ts" />
/**
 * SQLite compiled to WebAssembly (sql.js), for reading and writing Anki collections in
 * the Worker. Workers cannot fetch or compile WebAssembly at run time, so the module is
 * imported (wrangler compiles it at build time) and handed to Emscripten's instantiate
 * hook. Loaded once per isolate, on the first Anki request only.
 */
import type { SqlJsStatic } from 'sql.js';
import initSqlJs from 'sql.js/dist/sql-wasm-browser.js';
import sqlWasm from 'sql.js/dist/sql-wasm-browser.wasm';

let loading: Promise<SqlJsStatic> | null = null;

export function loadSqlite(): Promise<SqlJsStatic> {
  loading ??= withScriptLocation(() =>
    initSqlJs({
      instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
        WebAssembly.instantiate(sqlWasm, imports).then(done);
        return {};
      },
    } as never),
  ).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Emscripten's glue sees `WorkerGlobalScope` and reads `self.location.href` (a web
 * worker's script address) while it starts, synchronously; workerd has no `location`.
 * A placeholder stands in for that moment only — the address is never fetched, since
 * the module comes from `instantiateWasm`.
 */
function withScriptLocation<T>(start: () => T): T {
  if ('location' in globalThis) return start();
  Object.defineProperty(globalThis, 'location', { value: { href: 'https://worker.invalid/' }, configurable: true });
  try {
    return start();
  } finally {
    delete (globalThis as { location?: unknown }).location;
  }
}
