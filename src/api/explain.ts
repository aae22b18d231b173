// What the service meant: its Portuguese error text kept as it is, with an English gloss and the next step; and
// `validation.required` on a request with fields of the user's own read as a rejected field (exit 6), not a bad key.
import { ApiError, ExitCode } from '../errors.js';

const VALIDATION = 'validation.required';

/** Gloss and next step of each message the seed (and the real service) uses. */
const GLOSSARY: Record<string, string> = {
  [VALIDATION]:
    'a required field is missing or invalid — check the authkey with `chatbot status`, or `chatbot login` again',
  'Authkey inválida ou não encontrada.':
    'invalid or unknown authkey — run `chatbot login` with a valid one; `chatbot status` shows which is used',
  'Authkey invalida ou expirada.': 'invalid or expired authkey — run `chatbot login` with a valid one',
  'Parâmetros inválidos.': 'invalid parameters — check the values given; `--help` shows each flag',
  'OTP inválido ou expirado.': 'invalid or expired code — it may be wrong or already used: ask for a new one',
  'A enquete precisa de pelo menos 2 opcoes': 'a poll needs at least 2 options — give --option at least twice',
  'Nenhum dispositivo encontrado.': 'no device found — check the device or appkey: `chatbot devices ls` lists them',
  'Nenhum dispositivo conectado encontrado':
    'no connected device — `chatbot devices check NAME` shows it; pair it again with `chatbot pair`',
  'Grupo não encontrado.': 'group not found — check the group id or invite: `chatbot group info ID` shows a group',
  'Template não encontrado.': 'template not found — check the template id',
  'Usuario ja registrado com este e-mail.':
    'a user with this e-mail already exists — use `chatbot login` with its authkey',
  'Serviço temporariamente indisponível.': 'service temporarily unavailable — try again later',
};

/** By status, for messages the glossary does not know. */
function byStatus(status: number): string {
  if (status === 401) return 'not authorised — check the keys with `chatbot status`';
  if (status === 404) return 'not found — check the id or name given; `chatbot devices ls` lists devices';
  if (status === 409) return 'conflict with something that already exists';
  if (status >= 500) return 'the service failed — try again later';
  return 'the service refused the request — check the values given; `--help` shows each flag';
}

const KEY_FIELDS = new Set(['authkey', 'appkey']);

const FLAG_VALUES = new Set<unknown>(['true', 'false', true, false, undefined]);

/** The fields of a request that carry the user's values: not keys, not fixed flags (`true`/`false`). */
export function userFields(body: Record<string, unknown>): string[] {
  return Object.entries(body)
    .filter(([name, value]) => !KEY_FIELDS.has(name) && !FLAG_VALUES.has(value))
    .map(([name]) => name);
}

/** Rewrites a service error with its gloss; `sent` is the request body, to name the fields a rejection is likely about. */
export function explainServiceError(error: ApiError, sent: Record<string, unknown>): ApiError {
  if (error.uncertain) return error;
  const text = error.message;
  const fields = userFields(sent);
  if (text === VALIDATION && fields.length > 0) {
    return new ApiError(
      error.status,
      `${VALIDATION} (the service rejected a field of this request; likely ${fields.join(', ')}) — check those values against \`--help\``,
      error.body,
      false,
      ExitCode.rejected,
    );
  }
  const gloss = GLOSSARY[text] ?? byStatus(error.status);
  return new ApiError(error.status, `${text} (${gloss})`, error.body, false, error.exitCode);
}
