// Every command's --help has a one-line description, every flag its meaning, and at least one example.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

const io = {
  stdin: { async *[Symbol.asyncIterator]() {} },
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
};

function leaves(command: Command, path: string[] = []): [string, Command][] {
  const here = [...path, command.name()];
  const children = command.commands.filter((c) => c.name() !== 'help');
  if (children.length === 0) return [[here.join(' '), command]];
  return children.flatMap((child) => leaves(child, here));
}

function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

const program = await buildProgram(io, () => undefined);
const commands = leaves(program).filter(([name]) => name !== 'chatbot');

describe('help', () => {
  it('covers the foundation commands at least', () => {
    const names = commands.map(([name]) => name);
    for (const expected of ['chatbot register', 'chatbot devices ls', 'chatbot config set', 'chatbot emulator start']) {
      expect(names).toContain(expected);
    }
  });

  it.each(commands)('%s has a description, described flags and an example', (_name, command) => {
    expect(command.description().trim().length).toBeGreaterThan(10);
    expect(command.description()).not.toContain('\n');
    for (const option of command.options) expect(option.description.trim(), option.flags).not.toBe('');
    const help = helpOf(command);
    expect(help).toMatch(/Examples:\n\s+\$ chatbot /);
  });

  it('the root lists the global flags with their meaning', () => {
    const help = helpOf(program);
    for (const flag of ['--json', '--dry-run', '--no-input', '--no-color', '--profile', '--base-url', '--timeout']) {
      expect(help).toContain(flag);
    }
  });
});
