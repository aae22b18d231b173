// The service's error answers that several operations share (the seed's Portuguese texts).
import { EmulatorError } from '../http/reply.js';

export const VALIDATION = 'validation.required';

/** 401 validation.required — the seed's answer to a missing or malformed field on most endpoints; `reason` says which. */
export function validationError(reason?: string): EmulatorError {
  const error = new EmulatorError(401, VALIDATION);
  return reason === undefined ? error : error.because(reason);
}

export const NO_DEVICE = 'Nenhum dispositivo encontrado.';
export const NO_CONNECTED_DEVICE = 'Nenhum dispositivo conectado encontrado';
export const BAD_AUTHKEY = 'Authkey inválida ou não encontrada.';
export const BAD_AUTHKEY_AGENT = 'Authkey invalida ou expirada.';
export const BAD_PAIRING_PARAMS = 'Parâmetros inválidos.';
export const GROUP_NOT_FOUND = 'Grupo não encontrado.';
export const TEMPLATE_NOT_FOUND = 'Template não encontrado.';
