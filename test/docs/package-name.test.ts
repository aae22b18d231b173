// The package's name on the registry is chatbot-cli (`chatbot` there is somebody else's package), its command stays
// `chatbot`, and no doc tells a user to install or import the package by another name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; bin: object };
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** Every package an `npm install`/`npm i` line of the text installs, and every module specifier it imports. */
function packagesNamed(text: string): string[] {
  const installs = [...text.matchAll(/npm (?:install|i|add)\b([^\n`]*)/g)].flatMap(([, rest = '']) =>
    rest.split(/\s+/).filter((word) => word !== '' && !word.startsWith('-') && !word.startsWith('.')),
  );
  const imports = [...text.matchAll(/from '([^'.][^']*)'/g)].map(([, specifier = '']) => specifier);
  return [...installs, ...imports];
}

describe('the package name', () => {
  it('is chatbot-cli, and its command chatbot', () => {
    expect(pkg.name).toBe('chatbot-cli');
    expect(Object.keys(pkg.bin)).toEqual(['chatbot']);
  });

  it.each(DOCS)('%s installs and imports the package by that name', (doc) => {
    const named = packagesNamed(readFileSync(join(ROOT, doc), 'utf8'));
    const ours = named.filter((name) => /^chatbot\b/.test(name));
    expect(ours.filter((name) => name !== pkg.name && !name.startsWith(`${pkg.name}/`))).toEqual([]);
  });

  it('finds the names a doc installs and imports', () => {
    const text = "npm install --save-dev chatbot vitest\nimport { startEmulator } from 'chatbot/emulator';";
    expect(packagesNamed(text)).toEqual(['chatbot', 'vitest', 'chatbot/emulator']);
  });
});
