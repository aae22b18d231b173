// The command reference, docs/commands.md: every command's --help in the order of the command tree, made from the
// same definitions the CLI parses with (src/cli/commands/), so it cannot say what --help does not.
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';

/** Columns the help is wrapped at: fixed, so that the file does not depend on the terminal that made it. */
const WIDTH = 100;

const INTRO = `# Command reference

Every command's \`--help\`, generated from the command definitions (\`src/cli/commands/\`) by \`npm run docs\`; a test
fails when this file is out of date. \`chatbot help <command>\` prints the same. A command or flag marked
\`[extension]\` uses an operation the real service has beyond its published reference
([docs/emulator.md](emulator.md), "Extensions"). Exit codes, output rules and configuration:
[docs/usage.md](usage.md).
`;

/** The command's words from the root: `chatbot send text`. */
function pathOf(command: Command): string {
  const words: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

/** GitHub's anchor of a heading made of lower-case words and dashes. */
function anchor(heading: string): string {
  return heading.replace(/ /g, '-');
}

/** docs/commands.md as the command tree makes it. */
export async function commandReference(): Promise<string> {
  let captured = '';
  const program = await buildProgram(
    {
      stdin: { async *[Symbol.asyncIterator]() {} },
      stdout: {
        write: (text: string) => {
          captured += text;
          return true;
        },
      },
      stderr: { write: () => true },
      env: {},
    },
    () => undefined,
  );
  const commands = everyCommand(program);
  const sections = commands.map((command) => {
    command.configureHelp({ helpWidth: WIDTH });
    captured = '';
    command.outputHelp();
    return `## ${pathOf(command)}\n\n\`\`\`text\n${captured.trimEnd()}\n\`\`\`\n`;
  });
  const contents = commands.map((command) => `- [${pathOf(command)}](#${anchor(pathOf(command))})`).join('\n');
  return `${INTRO}\n${contents}\n\n${sections.join('\n')}`;
}
