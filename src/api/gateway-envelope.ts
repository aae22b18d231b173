// Other gateways with the same `/api/create-message` answer `{"message_status":"Success",...}` and
// `{"error":"..."}` instead of the service's `{status, message}` (docs/usage.md, "Other gateways").
// These read that envelope; src/api/request.ts decides with them, before any per-operation shape is checked.

/** The refusal a body states in a gateway's words: a non-empty `error`, or a `message_status` other than Success. */
export function gatewayRefusal(record: Record<string, unknown>): string | undefined {
  const error = nonEmpty(record.error);
  if (error !== undefined) return error;
  const verdict = nonEmpty(record.message_status);
  if (verdict === undefined || isSuccess(verdict)) return undefined;
  const detail = nonEmpty(record.message) ?? nonEmpty(record.mensagem);
  return `message_status ${JSON.stringify(verdict)}${detail === undefined ? '' : `: ${detail}`}`;
}

/** True when the body says it was carried out in a gateway's words (`message_status` "Success", any case). */
export function gatewaySuccess(record: Record<string, unknown>): boolean {
  const verdict = nonEmpty(record.message_status);
  return verdict !== undefined && isSuccess(verdict);
}

function isSuccess(verdict: string): boolean {
  return verdict.toLowerCase() === 'success';
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
