// Template filling: `{{name}}` (spaces inside the braces allowed) is replaced by variables[name].
import { asText, own } from './fields.js';

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Fills known placeholders; a placeholder without a variable stays as written, so the gap is visible. */
export function fillTemplate(text: string, variables: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => asText(own(variables, name)) ?? whole);
}

/** The distinct placeholder names of a template, in order of first appearance. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}
