// The package registry reachable from our machines serves only some platforms' builds of
// packages like @tailwindcss/oxide-*, so `npm install` leaves the other platforms'
// optional dependencies out of package-lock.json, and `npm ci` then refuses the lock as
// out of sync. This adds each missing optional platform package as an entry for its own
// os/cpu, which npm skips on this platform without fetching anything. Idempotent.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));

const PLATFORMS = [
  [/android-arm64/, ['android'], ['arm64']],
  [/darwin-arm64/, ['darwin'], ['arm64']],
  [/darwin-x64/, ['darwin'], ['x64']],
  [/freebsd-x64/, ['freebsd'], ['x64']],
  [/linux-arm-gnueabihf/, ['linux'], ['arm']],
  [/linux-arm64/, ['linux'], ['arm64']],
  [/linux-x64/, ['linux'], ['x64']],
  [/wasm32-wasi/, ['!linux', '!darwin', '!win32', '!android', '!freebsd'], ['wasm32']],
  [/win32-arm64/, ['win32'], ['arm64']],
  [/win32-x64/, ['win32'], ['x64']],
];

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const dir = key.slice(0, key.lastIndexOf('node_modules/') + 'node_modules/'.length) || 'node_modules/';
    const candidates = [`${key}/node_modules/${name}`, `${dir}${name}`, `node_modules/${name}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const platform = PLATFORMS.find(([re]) => re.test(name));
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = { version, optional: true, os: platform[1], cpu: platform[2] };
    added += 1;
  }
}
if (added) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`fix-lockfile: recorded ${added} platform-only optional package(s)`);
}
