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

/**
 * The keys one run uses or receives, so that no text it prints (a service's message, a device named after its
 * appkey) shows them whole. Each run has its own (see RunState): a word one run used as a key is not a key to the next.
 */
export class SecretRegister {
  private readonly known = new Map<string, RegExp>();

  /** Remembers a key; keys shorter than 4 characters are masked in key fields only (as words they would mask prose). */
  remember(value: string | undefined): void {
    if (!value || value.length < 4 || this.known.has(value)) return;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.known.set(value, new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`, 'g'));
  }

  /** Remembers every key field (authkey, appkey, setAppkey) found anywhere in a JSON value. */
  rememberKeysIn(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.rememberKeysIn(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (KEY_FIELDS.has(k) && typeof v === 'string') this.remember(v);
      else this.rememberKeysIn(v);
    }
  }

  /** Replaces every remembered key standing as a whole word in `text` by its masked form. */
  redact(text: string): string {
    let out = text;
    for (const [secret, pattern] of this.known) out = out.replace(pattern, maskSecret(secret));
    return out;
  }
}
