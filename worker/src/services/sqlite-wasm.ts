/**
 * SQLite compiled to WebAssembly (sql.js), for reading and writing Anki collections in
 * the Worker. Workers cannot fetch or compile WebAssembly at run time, so the module is
 * imported (wrangler compiles it at build time) and handed to Emscripten's instantiate
 * hook. Loaded once per isolate, on the first Anki request only.
 */
import type { SqlJsStatic } from 'sql.js';
import initSqlJs from 'sql.js/dist/sql-wasm.js';
import sqlWasm from 'sql.js/dist/sql-wasm.wasm';

let loading: Promise<SqlJsStatic> | null = null;

export function loadSqlite(): Promise<SqlJsStatic> {
  loading ??= initSqlJs({
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      WebAssembly.instantiate(sqlWasm, imports).then(done);
      return {};
    },
  } as never).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
