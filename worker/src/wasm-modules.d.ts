/** WebAssembly files imported by the Worker: wrangler compiles them to a module at build time. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

/** sql.js's Emscripten glue imported by path, so it always matches the .wasm beside it. */
declare module 'sql.js/dist/sql-wasm.js' {
  import initSqlJs from 'sql.js';
  export default initSqlJs;
}
