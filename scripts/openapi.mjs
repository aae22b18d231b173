// Rebuilds the bundle and writes docs/openapi.json from what the built emulator serves at /__emulator/openapi.json
// (test/emulator/e2e/openapi.test.ts fails when the two drift apart).
import { writeFileSync } from 'node:fs';

await import('./build.mjs');
// Typed from the sources the bundle is built from (tsconfig.scripts.json checks scripts/, not the bundle's chunks).
/** @type {typeof import('../src/emulator/testing/index.js')} */
const { startEmulator } = await import(new URL('../dist/emulator.js', import.meta.url).href);

const emu = await startEmulator();
try {
  const document = await (await fetch(`${emu.url}/__emulator/openapi.json`)).json();
  writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
  console.log('docs/openapi.json');
} finally {
  await emu.close();
}
