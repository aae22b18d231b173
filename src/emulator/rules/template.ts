// Template filling: `{{name}}` (spaces inside the braces allowed) is replaced by variables[name].
import { asText, own } from './fields.js';

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Fills known placeholders; a placeholder without a variable stays as written, so the gap is visible. */
export function fillTemplate(text: string, variables: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => asText(own(variables, name)) ?? whole);
}
