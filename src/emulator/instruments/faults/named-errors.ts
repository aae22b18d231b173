// The service's error answers by name, so a fault rule can say `error: "license"` instead of a status and a text.
import type { NamedError } from '../../control/types.js';
import { BAD_AUTHKEY, NO_CONNECTED_DEVICE, NO_DEVICE, VALIDATION } from '../../rules/service-errors.js';

export interface ErrorAnswer {
  status: number;
  message: string;
}

/** The 401/404 texts are the seed's; the seed shows no 403 licence, 429 or 5xx text, so those are the emulator's. */
export const NAMED_ERRORS = {
  internal: { status: 500, message: 'Erro interno do servidor.' },
  unavailable: { status: 503, message: 'Serviço indisponível. Tente novamente em instantes.' },
  license: { status: 403, message: 'Licença inválida ou expirada.' },
  'rate-limit': { status: 429, message: 'Muitas requisições. Tente novamente em instantes.' },
  'not-connected': { status: 404, message: NO_CONNECTED_DEVICE },
  'no-device': { status: 404, message: NO_DEVICE },
  'bad-authkey': { status: 401, message: BAD_AUTHKEY },
  validation: { status: 401, message: VALIDATION },
} as const satisfies Readonly<Record<NamedError, ErrorAnswer>>;

export function namedError(name: string): ErrorAnswer | undefined {
  return Object.entries(NAMED_ERRORS).find(([key]) => key === name)?.[1];
}
