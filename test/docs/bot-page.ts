// docs/bot.md's examples, as its test reads them: each fenced block after an `<!-- example: … -->` comment.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const BOT_PAGE = resolve(import.meta.dirname, '../../docs/bot.md');

export interface Example {
  /** The words of the marker, e.g. ['event', 'text', 'Chat'] or ['send', 'poll']. */
  marker: string[];
  code: string;
}

const EXAMPLE = /<!-- example: ([^>]+?) -->\s*\n```[a-z]*\n([\s\S]*?)\n```/g;

/** Every example of the page, in page order. */
export function pageExamples(text = readFileSync(BOT_PAGE, 'utf8')): Example[] {
  return [...text.matchAll(EXAMPLE)].map((match) => ({
    marker: (match[1] ?? '').trim().split(/\s+/),
    code: match[2] ?? '',
  }));
}

/** The examples whose marker starts with `kind`, by the rest of their marker joined with spaces. */
export function examplesOf(kind: string, examples = pageExamples()): Map<string, string> {
  return new Map(examples.filter((e) => e.marker[0] === kind).map((e) => [e.marker.slice(1).join(' '), e.code]));
}

/** A JSON value's shape: the type of each field, nested; an array by the shape of its first item. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return ['array', value.length === 0 ? 'empty' : shapeOf(value[0])];
  if (value === null) return 'null';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([key, item]) => [key, shapeOf(item)]));
  }
  return typeof value;
}
