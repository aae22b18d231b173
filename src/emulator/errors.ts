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

/** Every response body: an integer status plus operation-specific fields. */
export interface Reply {
  status: number;
  [field: string]: unknown;
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
