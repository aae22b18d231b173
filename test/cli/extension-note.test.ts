// Provenance is data: a command (or flag) whose definition names a real-service operation is marked [extension]
// in --help with a paragraph naming the operation, and nothing else is marked.
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/cli/command.js';
import { COMMAND_REGISTRY } from '../../src/cli/command-registry.js';
import { flag } from '../../src/cli/flags.js';
import { describedCommand, describedFlag, extensionHelp } from '../../src/cli/extension-note.js';

const NOTE = ', an operation of the real service beyond its specification (the seed);';

/** Every command of the tree with its path and the real-service operation its definition names, if any. */
async function everyCommand(): Promise<{ path: string; extension: string | undefined }[]> {
  const walk = (nodes: readonly Node[], parent: string): { path: string; extension: string | undefined }[] =>
    nodes.flatMap((node) =>
      node.kind === 'group'
        ? walk(node.commands, `${parent} ${node.name}`)
        : [{ path: `${parent} ${node.spec.name}`, extension: node.spec.extension }],
    );
  const folders = await Promise.all(COMMAND_REGISTRY.map((folder) => folder.load()));
  return folders.flatMap((nodes) => walk(nodes, 'chatbot'));
}

describe('provenance', () => {
  it('marks a command built on a real-service operation, and names the operation in its help', () => {
    const spec = { description: 'Cancel a scheduled message', extension: '/api/create-message with `x`' };
    expect(describedCommand(spec)).toBe('Cancel a scheduled message [extension]');
    expect(extensionHelp(spec)).toContain(`Extension: uses /api/create-message with \`x\`${NOTE}`);
  });

  it('marks a flag that switches to one, and says the operation is used only with it', () => {
    const email = flag.text('email', 'log in with this e-mail', { extension: '/api/auth with `auth=login`' });
    expect(describedFlag(email)).toBe('log in with this e-mail [extension]');
    expect(extensionHelp({ flags: { email } })).toContain(
      `Extension: uses /api/auth with \`auth=login\` (only with --email)${NOTE}`,
    );
  });

  it('leaves everything else as it is', () => {
    expect(describedCommand({ description: 'Send a text' })).toBe('Send a text');
    expect(describedFlag(flag.text('to', 'recipient'))).toBe('recipient');
    expect(extensionHelp({ flags: { to: flag.text('to', 'recipient') } })).toBeUndefined();
  });

  it('the commands built on real-service operations are exactly these', async () => {
    const built = (await everyCommand()).filter((command) => command.extension !== undefined);
    expect(built.map((command) => command.path).sort()).toEqual(
      [
        'chatbot about set',
        'chatbot agent get',
        'chatbot agent update',
        'chatbot app create',
        'chatbot devices disconnect',
        'chatbot devices link',
        'chatbot devices set-webhook',
        'chatbot flow reset',
        'chatbot schedule cancel',
        'chatbot send media',
        'chatbot send reply',
        'chatbot user check',
        'chatbot user picture',
      ].sort(),
    );
  });
});
