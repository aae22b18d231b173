// Keys never appear whole in output: first 4 … last 4.

const KEY_FIELDS = new Set(['authkey', 'appkey', 'senha', 'password']);

/** Masks a secret as `abcd…wxyz`; short values are masked entirely. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '****';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** Deep copy of a JSON value with every key-bearing field masked. */
export function maskKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = KEY_FIELDS.has(k) && typeof v === 'string' ? maskSecret(v) : maskKeys(v);
  }
  return out;
}
