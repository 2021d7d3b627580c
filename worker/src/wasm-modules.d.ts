/** WebAssembly files imported by the Worker: wrangler compiles them to a module at build time. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

/** sql.js's Emscripten glue for browsers and workers (no Node branch), imported by path so it matches its .wasm. */
declare module 'sql.js/dist/sql-wasm-browser.js' {
  import initSqlJs from 'sql.js';
  export default initSqlJs;
}
