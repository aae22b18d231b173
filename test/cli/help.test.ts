// Every command's --help has a one-line description, every flag its meaning, and at least one example.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { wrapHelpText } from '../../src/cli/help-text.js';
import { buildProgram } from '../../src/cli/program.js';
import { CARDS_HELP } from '../../src/cli/commands/send/carousel-command.js';
import { checkCards } from '../../src/cli/commands/send/cards.js';

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

function helpOf(command: Command, width?: number): string {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  if (width !== undefined) command.configureOutput({ getOutHelpWidth: () => width });
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

  it.each(commands)(
    '%s wraps to the terminal, names the global flags and has no double blank line',
    (_name, command) => {
      for (const width of [80, 100]) {
        const help = helpOf(command, width);
        const long = help.split('\n').filter((line) => line.length > width && !/^ {4}|^\s+\$ /.test(line));
        expect(long).toEqual([]);
        expect(help).not.toMatch(/\n\n\n/);
        expect(help.replace(/\s+/g, ' ')).toMatch(
          /Global flags: --json, --jq <expression>, --dry-run, .*--timeout <seconds>/,
        );
      }
    },
  );

  it('send carousel --help shows the cards as JSON, and that JSON is valid cards', () => {
    const [, carousel] = commands.find(([name]) => name === 'chatbot send carousel') ?? [];
    expect(helpOf(carousel as Command)).toContain('"image_url": "https://example.com/pizza.jpg"');
    const json = CARDS_HELP.split('\n')
      .filter((line) => line.startsWith('    '))
      .join('\n');
    expect(checkCards(JSON.parse(json))).toHaveLength(1);
  });
});

describe('wrapHelpText', () => {
  it('refills a paragraph, wraps a row under its second column, and leaves code and headings as written', () => {
    const text = [
      'Heading:',
      '  one two three four five six seven eight nine ten eleven twelve',
      '  thirteen.',
      '  --in 30s|10m     from now; converted into the zone of the profile',
      '    { "code": "stays as it is, however long the line is" }',
    ].join('\n');
    expect(wrapHelpText(text, 40).split('\n')).toEqual([
      'Heading:',
      '  one two three four five six seven',
      '  eight nine ten eleven twelve thirteen.',
      '  --in 30s|10m     from now; converted',
      '                   into the zone of the',
      '                   profile',
      '    { "code": "stays as it is, however long the line is" }',
    ]);
  });
});
