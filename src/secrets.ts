// Keys never appear whole in output: first 4 … last 4. Names people chose are data: a device's name is shown whole,
// also when it is the device's appkey (`pair --name loja` makes `loja` both), so that scripts can use it.

const KEY_FIELDS = new Set(['authkey', 'appkey', 'setAppkey']);
const PASSWORD_FIELDS = new Set(['senha', 'password']);

const names = new Set<string>();

/** Declares a device name: never masked, even where it stands as an appkey. */
export function declareName(value: string | undefined): void {
  if (value) names.add(value);
}

/** Masks a secret as `abcd…wxyz`; short values are masked entirely; device names stay whole. */
export function maskSecret(value: string): string {
  if (names.has(value)) return value;
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

const known = new Map<string, RegExp>();

/**
 * Remembers a key this run uses or receives, so that no text printed (a service's message, a device named after
 * its appkey) shows it whole.
 */
export function rememberSecret(value: string | undefined): void {
  if (!value || value.length < 4 || known.has(value)) return;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  known.set(value, new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`, 'g'));
}

/** Remembers every key field (authkey, appkey, setAppkey) found anywhere in a JSON value, and declares device names. */
export function rememberKeysIn(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(rememberKeysIn);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (KEY_FIELDS.has(k) && typeof v === 'string') rememberSecret(v);
    else if (k === 'dispositivo' || k === 'dispositivos') declareDeviceNames(v);
    else rememberKeysIn(v);
  }
}

function declareDeviceNames(value: unknown): void {
  for (const device of Array.isArray(value) ? value : [value]) {
    if (device !== null && typeof device === 'object' && typeof (device as { nome?: unknown }).nome === 'string') {
      declareName((device as { nome: string }).nome);
    }
    rememberKeysIn(device);
  }
}

/** Replaces every remembered key standing as a whole word in `text` by its masked form. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [secret, pattern] of known) if (!names.has(secret)) out = out.replace(pattern, maskSecret(secret));
  return out;
}
