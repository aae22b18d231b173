// Rendering lookup rows as `case` branches: bash and zsh share the syntax, fish has its own `switch`.

/** A word in single quotes for bash and zsh. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word in single quotes for fish (which escapes `\` and `'` inside them). */
export function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

// Subjects are matched with an `@` in front, so that the root's empty path is a plain pattern in every shell.

export interface Branch {
  /** Subjects that share the body; each is matched literally unless it starts with `*|` (any command path); no other holds `*` or `?`. */
  subjects: string[];
  body: string;
}

/** Groups rows with the same body into one branch, keeping the first appearance's order. */
export function branches(rows: readonly { subject: string; body: string }[]): Branch[] {
  const byBody = new Map<string, string[]>();
  for (const { subject, body } of rows) byBody.set(body, [...(byBody.get(body) ?? []), subject]);
  return [...byBody].map(([body, subjects]) => ({ subjects, body }));
}

function shPattern(subject: string): string {
  return subject.startsWith('*|') ? `'@'*${shQuote(subject.slice(1))}` : shQuote(`@${subject}`);
}

/** `name() { case "@SUBJECT" in ... esac; FALLBACK }` for bash and zsh; `subject` is the shell expression. */
export function shFunction(name: string, subject: string, list: readonly Branch[], fallback = ''): string {
  const lines = [`${name}() {`, `  case "@${subject}" in`];
  for (const branch of list) lines.push(`    ${branch.subjects.map(shPattern).join(' | ')}) ${branch.body} ;;`);
  lines.push('  esac');
  if (fallback) lines.push(`  ${fallback}`);
  lines.push('}');
  return lines.join('\n');
}

// fish's `case` takes wildcards only inside quotes: an unquoted `*` is a file glob, which fails when nothing matches.
function fishPattern(subject: string): string {
  return fishQuote(`@${subject}`);
}

/** `function name; switch "@SUBJECT"; case ...; end; FALLBACK; end` for fish. */
export function fishFunction(name: string, subject: string, list: readonly Branch[], fallback = ''): string {
  const lines = [`function ${name}`, `    switch "@${subject}"`];
  for (const branch of list) {
    lines.push(`        case ${branch.subjects.map(fishPattern).join(' ')}`, `            ${branch.body}`);
  }
  lines.push('    end');
  if (fallback) lines.push(`    ${fallback}`);
  lines.push('end');
  return lines.join('\n');
}
