// Keys never appear whole in output: first 4 … last 4.

const KEY_FIELDS = new Set(['authkey', 'appkey', 'setAppkey']);
const PASSWORD_FIELDS = new Set(['senha', 'password']);

/** Masks a secret as `abcd…wxyz`; short values are masked entirely. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '****';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** Deep copy of a JSON value with keys masked (first 4 … last 4) and passwords hidden entirely. */
export function maskKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (PASSWORD_FIELDS.has(k)) out[k] = '********';
    else out[k] = KEY_FIELDS.has(k) && typeof v === 'string' ? maskSecret(v) : maskKeys(v);
  }
  return out;
}

const known = new Set<string>();

/** Remembers a key this run uses, so that text from elsewhere (a service's error message) never shows it whole. */
export function rememberSecret(value: string | undefined): void {
  if (value && value.length >= 4) known.add(value);
}

/** Replaces every remembered key in `text` by its masked form. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of known) out = out.split(secret).join(maskSecret(secret));
  return out;
}
