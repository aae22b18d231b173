// Keys never appear whole in output: first 4 … last 4. Names people chose are data: a device's name is shown whole,
// also when it is the device's appkey (`pair --name loja` makes `loja` both), so that scripts can use it.

const KEY_FIELDS = new Set(['authkey', 'appkey', 'setAppkey']);
const PASSWORD_FIELDS = new Set(['senha', 'password']);
const NO_NAMES: ReadonlySet<string> = new Set();

/** Masks a secret as `abcd…wxyz`; short values are masked entirely; a declared device name stays whole. */
export function maskSecret(value: string, names: ReadonlySet<string> = NO_NAMES): string {
  if (names.has(value)) return value;
  if (value.length <= 8) return '****';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** Deep copy of a JSON value with keys masked (first 4 … last 4, names kept) and passwords hidden entirely. */
export function maskKeys(value: unknown, names: ReadonlySet<string> = NO_NAMES): unknown {
  if (Array.isArray(value)) return value.map((item) => maskKeys(item, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (PASSWORD_FIELDS.has(k)) out[k] = '********';
    else out[k] = KEY_FIELDS.has(k) && typeof v === 'string' ? maskSecret(v, names) : maskKeys(v, names);
  }
  return out;
}

/** Masks the `appkey`/`authkey` values in a URL's query string (GET requests carry keys there); names stay whole. */
export function maskQueryKeys(url: string, names: ReadonlySet<string> = NO_NAMES): string {
  return url.replace(
    /([?&](?:appkey|authkey)=)([^&#]*)/g,
    (_all, name: string, value: string) => `${name}${maskSecret(decodeURIComponent(value), names)}`,
  );
}

/**
 * The keys one run uses or receives, so that no text it prints (a service's message) shows them whole, and the
 * device names it knows, which stay whole. Each run has its own (see RunState): a word one run used as a key is not a
 * key to the next.
 */
export class SecretRegister {
  private readonly known = new Map<string, RegExp>();
  private readonly declared = new Set<string>();

  /** The device names of this run: never masked, even where one stands as an appkey. */
  get names(): ReadonlySet<string> {
    return this.declared;
  }

  /** Declares a device name. */
  declareName(value: string | undefined): void {
    if (value) this.declared.add(value);
  }

  /** Remembers a key; keys shorter than 4 characters are masked in key fields only (as words they would mask prose). */
  remember(value: string | undefined): void {
    if (!value || value.length < 4 || this.known.has(value)) return;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.known.set(value, new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`, 'g'));
  }

  /** Remembers every key field (authkey, appkey, setAppkey) found anywhere in a JSON value, and declares device names. */
  rememberKeysIn(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.rememberKeysIn(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (KEY_FIELDS.has(k) && typeof v === 'string') this.remember(v);
      else if (k === 'dispositivo' || k === 'dispositivos') this.declareDeviceNames(v);
      else this.rememberKeysIn(v);
    }
  }

  private declareDeviceNames(value: unknown): void {
    for (const device of Array.isArray(value) ? value : [value]) {
      if (device !== null && typeof device === 'object' && typeof (device as { nome?: unknown }).nome === 'string') {
        this.declareName((device as { nome: string }).nome);
      }
      this.rememberKeysIn(device);
    }
  }

  /** Masks a key as maskSecret does, keeping this run's device names whole. */
  mask(value: string): string {
    return maskSecret(value, this.declared);
  }

  /** Replaces every remembered key (not a device name) standing as a whole word in `text` by its masked form. */
  redact(text: string): string {
    let out = text;
    for (const [secret, pattern] of this.known)
      if (!this.declared.has(secret)) out = out.replace(pattern, maskSecret(secret));
    return out;
  }
}
