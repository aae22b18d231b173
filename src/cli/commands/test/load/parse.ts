// A conversation file read: YAML parsed with its line positions, then checked against the shipped JSON Schema, so
// that an editor and the runner find the same mistakes; each mistake is reported at its file and line.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import schema from '../../../../../schemas/conversation-test.schema.json' with { type: 'json' };
import { UsageError } from '../../../../errors.js';
import { ACTIONS, CONTACT_ACTIONS, type FileSpec } from '../file-types.js';
import { explainSchemaErrors } from './schema-errors.js';

export interface ParsedFile {
  spec: FileSpec;
  /** The line (from 1) of the value at a path of the document, or of its nearest parent that is there. */
  lineOf(path: readonly (string | number)[]): number;
}

let validate: ReturnType<Ajv['compile']> | undefined;

function validator(): ReturnType<Ajv['compile']> {
  validate ??= new Ajv({ allErrors: true, verbose: true }).compile(schema);
  return validate;
}

function lineFinder(document: Document, lines: LineCounter): ParsedFile['lineOf'] {
  return (path) => {
    for (let depth = path.length; depth >= 0; depth -= 1) {
      const node = document.getIn(path.slice(0, depth), true);
      if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
    }
    return 1;
  };
}

/** The path segments of an ajv instance path (`/conversations/0/steps` → ['conversations', 0, 'steps']). */
export function pathSegments(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Every schema mistake of the file at once, one line each (`file:line: …`), in the order of their lines. */
function schemaFailure(file: string, errors: ErrorObject[], lineOf: ParsedFile['lineOf']): UsageError {
  const problems = explainSchemaErrors(errors, { actions: ACTIONS, contactActions: CONTACT_ACTIONS });
  const lines = problems
    .map(({ path, message }) => ({ line: lineOf(pathSegments(path)), message }))
    .sort((a, b) => a.line - b.line)
    .map(({ line, message }) => `${file}:${line}: ${message}`);
  if (lines.length === 1) return new UsageError(lines[0] ?? '');
  return new UsageError(`${file}: ${lines.length} mistakes\n${lines.join('\n')}`);
}

/** Reads and checks one file; a YAML or schema mistake is a usage error naming the file and line. */
export function parseConversationFile(file: string): ParsedFile {
  const text = readFileSync(file, 'utf8');
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const [problem] = document.errors;
  if (problem) {
    const line = problem.linePos?.[0].line ?? lines.linePos(problem.pos[0]).line;
    throw new UsageError(`${file}:${line}: not valid YAML: ${problem.message.split('\n')[0] ?? problem.code}`);
  }
  const lineOf = lineFinder(document, lines);
  const value: unknown = document.toJS();
  const check = validator();
  if (!check(value)) throw schemaFailure(file, check.errors ?? [], lineOf);
  return { spec: value as FileSpec, lineOf };
}
