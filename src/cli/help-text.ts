// The free text of --help (a command's notes, the global flags line) wrapped to the width the help is printed at.
import type { Command } from 'commander';

/** Narrower than this, text is left as written (as commander does for its own columns). */
const MIN_WIDTH = 40;

/** The width `command`'s help is printed at: a configured one (docs/commands.md), else the terminal's, else 80. */
export function helpWidthOf(command: Command): number {
  return command.createHelp().helpWidth ?? command.configureOutput().getOutHelpWidth?.() ?? 80;
}

/** A line of notes: a heading (`Batch:`), a row of two columns (`--in 30s  from now`), code, or prose. */
type Line =
  | { kind: 'blank' }
  | { kind: 'code'; text: string }
  | { kind: 'row'; text: string; hang: number }
  | { kind: 'prose'; text: string; indent: number; heading: boolean };

function classify(line: string): Line {
  const indent = line.length - line.trimStart().length;
  if (line.trim() === '') return { kind: 'blank' };
  if (indent >= 4) return { kind: 'code', text: line };
  const gap = /\S( {2,})\S/.exec(line.slice(indent));
  if (gap) return { kind: 'row', text: line, hang: indent + gap.index + 1 + (gap[1]?.length ?? 0) };
  return { kind: 'prose', text: line.trim(), indent, heading: indent === 0 && line.trimEnd().endsWith(':') };
}

/** Words filled into lines of at most `width` columns, the first indented by `first`, the rest by `rest`. */
function fill(words: string[], width: number, first: number, rest: number): string[] {
  const lines: string[] = [];
  let line = ' '.repeat(first);
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(rest);
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** A two-column row wrapped under its second column, or below its first when that column is too wide. */
function wrapRow(text: string, hang: number, width: number): string[] {
  const head = text.slice(0, hang);
  const words = text.slice(hang).split(/\s+/).filter(Boolean);
  if (hang > width / 2) {
    const under = head.length - head.trimStart().length + 2;
    return [head.trimEnd(), ...fill(words, width, under, under)];
  }
  const [first = '', ...rest] = fill(words, width, hang, hang);
  return [`${head}${first.slice(hang)}`, ...rest];
}

/**
 * `text` wrapped to `width`: consecutive prose lines of one indentation are one paragraph, refilled; a two-column row
 * wraps under its second column; code (indented 4 or more) and blank lines stay as written.
 */
export function wrapHelpText(text: string, width: number): string {
  if (width < MIN_WIDTH) return text;
  const out: string[] = [];
  let paragraph: { words: string[]; indent: number } | undefined;
  const endParagraph = () => {
    if (paragraph) out.push(...fill(paragraph.words, width, paragraph.indent, paragraph.indent));
    paragraph = undefined;
  };
  for (const line of text.split('\n').map(classify)) {
    if (line.kind !== 'prose' || line.heading || paragraph?.indent !== line.indent) endParagraph();
    if (line.kind === 'blank') out.push('');
    else if (line.kind === 'code') out.push(line.text);
    else if (line.kind === 'row') out.push(...wrapRow(line.text, line.hang, width));
    else if (line.heading) out.push(...fill(line.text.split(/\s+/), width, 0, 2));
    else if (paragraph) paragraph.words.push(...line.text.split(/\s+/));
    else paragraph = { words: line.text.split(/\s+/), indent: line.indent };
  }
  endParagraph();
  return out.join('\n');
}
