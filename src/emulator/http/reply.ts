// The answer every layer returns and the HTTP layer writes: a JSON body whose `status` is the HTTP status line,
// unless a symbol-marked field says otherwise; and the errors that become such answers.
/** A failure that maps to one JSON response: HTTP status line = body status. */
export class EmulatorError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  /** Why, in English, for the request log and `X-Emulator-Reason`: the rule and the field by its path. */
  reason: string | undefined;

  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'EmulatorError';
    this.status = status;
    this.extra = extra;
  }

  /** The same error, explained (the answer's body is unchanged: the reason is the emulator's, not the service's). */
  because(reason: string): this {
    this.reason = reason;
    return this;
  }

  toBody(): Reply {
    return { status: this.status, message: this.message, ...this.extra };
  }
}

/** Marks a reply whose HTTP status line differs from its body's status (a fault answering 200 with an error body). */
export const HTTP_STATUS: unique symbol = Symbol('httpStatus');

/** Marks a reply whose body is another document (the OpenAPI document, which has no `status` field). */
export const HTTP_BODY: unique symbol = Symbol('httpBody');

/** Marks a 405 reply whose path allows other methods than POST (the `Allow` header). */
export const HTTP_ALLOW: unique symbol = Symbol('httpAllow');

/** Extra response headers (a redirect's Location and cookie, the console's security headers). */
export const HTTP_HEADERS: unique symbol = Symbol('httpHeaders');

/** Every response body: an integer status plus operation-specific fields. */
export interface Reply {
  status: number;
  [HTTP_STATUS]?: number;
  [HTTP_BODY]?: unknown;
  [HTTP_ALLOW]?: string;
  [HTTP_HEADERS]?: Record<string, string>;
  [field: string]: unknown;
}

/** Thrown to close the connection without any answer (a fault rule or a magic recipient). */
export class DroppedConnection extends Error {
  /** Why, for the request log (nobody hears the answer). */
  readonly reason: string | undefined;

  constructor(reason?: string) {
    super('connection dropped on purpose');
    this.name = 'DroppedConnection';
    this.reason = reason;
  }
}
