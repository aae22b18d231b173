// One vocabulary across commands: the text of a message is --message (-m) wherever a command takes one, the contact's
// side (emulator trigger) as well as the device's (send); --text is only a template's body.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

const io = {
  stdin: { async *[Symbol.asyncIterator]() {} },
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
};

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

function pathOf(command: Command): string {
  const words: string[] = [];
  for (let at = command; at.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}

const commands = everyCommand(await buildProgram(io, () => undefined));

describe('flag vocabulary', () => {
  it('a message text is --message with -m, in send and emulator trigger alike', () => {
    const messaging = commands.filter((command) => /^(send|emulator trigger) /.test(pathOf(command)));
    const messages = messaging.flatMap((command) =>
      command.options.filter((option) => option.long === '--message').map((option) => [pathOf(command), option.short]),
    );
    expect(messages.map(([path]) => path)).toEqual(
      expect.arrayContaining(['send text', 'emulator trigger text', 'emulator trigger location']),
    );
    expect(messages.filter(([, short]) => short !== '-m')).toEqual([]);
  });

  it('no command but emulator template takes --text', () => {
    const withText = commands.filter((command) => command.options.some((option) => option.long === '--text'));
    expect(withText.map(pathOf)).toEqual(['emulator template']);
  });
});
