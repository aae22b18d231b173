/** A failure that maps to one JSON response: HTTP status line = body status. */
export class EmulatorError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;

  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'EmulatorError';
    this.status = status;
    this.extra = extra;
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

/** Every response body: an integer status plus operation-specific fields. */
export interface Reply {
  status: number;
  [HTTP_STATUS]?: number;
  [HTTP_BODY]?: unknown;
  [HTTP_ALLOW]?: string;
  [field: string]: unknown;
}

/** Thrown to close the connection without any answer (a fault rule or a magic recipient). */
export class DroppedConnection extends Error {
  constructor() {
    super('connection dropped on purpose');
    this.name = 'DroppedConnection';
  }
}

export const VALIDATION = 'validation.required';

/** 401 validation.required — the seed's answer to a missing or malformed field on most endpoints. */
export function validationError(): EmulatorError {
  return new EmulatorError(401, VALIDATION);
}

export const NO_DEVICE = 'Nenhum dispositivo encontrado.';
export const NO_CONNECTED_DEVICE = 'Nenhum dispositivo conectado encontrado';
export const BAD_AUTHKEY = 'Authkey inválida ou não encontrada.';
export const BAD_AUTHKEY_AGENT = 'Authkey invalida ou expirada.';
export const BAD_PAIRING_PARAMS = 'Parâmetros inválidos.';
export const GROUP_NOT_FOUND = 'Grupo não encontrado.';
export const TEMPLATE_NOT_FOUND = 'Template não encontrado.';
