// Strict JSON parsing whose syntax errors say where: JSON.parse does not always give a position, so a small scanner
// finds the first fault once JSON.parse has refused the text.
import { UsageError } from '../../../errors.js';

export interface JsonFault {
  /** Offset of the offending character (UTF-16 units). */
  offset: number;
  reason: string;
}

class Fault extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

class Scanner {
  private pos = 0;

  constructor(private readonly text: string) {}

  document(): void {
    this.value();
    this.skipSpace();
    if (this.pos < this.text.length) this.fault('unexpected text after the JSON value');
  }

  private fault(reason: string, offset = this.pos): never {
    throw new Fault(offset, reason);
  }

  private unexpected(expected: string): never {
    const found = this.text[this.pos];
    if (found === undefined) this.fault(`unexpected end of input, expected ${expected}`);
    this.fault(`unexpected ${JSON.stringify(found)}, expected ${expected}`);
  }

  private skipSpace(): void {
    while (/[ \t\n\r]/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  private value(): void {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') {
      this.object();
      return;
    }
    if (c === '[') {
      this.array();
      return;
    }
    if (c === '"') {
      this.string();
      return;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      this.number();
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    this.unexpected('a value (object, array, string, number, true, false or null)');
  }

  /** Steps over `c` when it is next. */
  private eat(c: string): boolean {
    if (this.text[this.pos] !== c) return false;
    this.pos++;
    return true;
  }

  private object(): void {
    this.pos++;
    this.skipSpace();
    if (this.eat('}')) return;
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === '}') this.fault('a trailing comma is not allowed before "}"');
      if (this.text[this.pos] !== '"') this.unexpected('a property name in double quotes');
      this.string();
      this.skipSpace();
      if (!this.eat(':')) this.unexpected('":" after the property name');
      this.value();
      this.skipSpace();
      if (this.eat('}')) return;
      if (!this.eat(',')) this.unexpected('"," or "}"');
    }
  }

  private array(): void {
    this.pos++;
    this.skipSpace();
    if (this.eat(']')) return;
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ']') this.fault('a trailing comma is not allowed before "]"');
      this.value();
      this.skipSpace();
      if (this.eat(']')) return;
      if (!this.eat(',')) this.unexpected('"," or "]"');
    }
  }

  private string(): void {
    const start = this.pos;
    this.pos++;
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fault('unterminated string', start);
      if (this.eat('"')) return;
      if (c < ' ') this.fault('a control character (such as a raw line break) inside a string; write it as \\n');
      if (c === '\\') this.escape();
      else this.pos++;
    }
  }

  private escape(): void {
    const next = this.text[this.pos + 1] ?? '';
    if (ESCAPES.has(next)) {
      this.pos += 2;
      return;
    }
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
      this.pos += 6;
      return;
    }
    this.fault('invalid escape sequence in a string');
  }

  private number(): void {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match || match[0] === '-') this.fault('invalid number');
    this.pos += match[0].length;
  }
}

/** The first syntax fault of a text, or undefined when it is valid JSON. */
export function findJsonFault(text: string): JsonFault | undefined {
  try {
    new Scanner(text).document();
    return undefined;
  } catch (error) {
    if (error instanceof Fault) return { offset: error.offset, reason: error.reason };
    // Nesting deeper than the stack allows: the caller falls back to JSON.parse's own message.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** Parses JSON (a leading BOM allowed); a syntax error is a usage error naming `source`, the line and the column. */
export function parseJsonText(text: string, source: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    const fault = findJsonFault(body);
    if (!fault) throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
    const { line, column } = lineAndColumn(body, fault.offset);
    throw new UsageError(`${source} is not valid JSON: ${fault.reason} at line ${line}, column ${column}`);
  }
}
