// docs/commands.md is the command tree's --help as it is now: `npm run docs` writes it, and this test fails when a
// command's definition changed and the file did not.
import { describe, expect, it } from 'vitest';
import { commandReference } from './command-reference.js';

describe('docs/commands.md', () => {
  it('is every command’s --help as the definitions make it now', async () => {
    await expect(await commandReference(), 'docs/commands.md is out of date: run `npm run docs`').toMatchFileSnapshot(
      '../../docs/commands.md',
    );
  });
});
