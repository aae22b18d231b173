// Typed failures shared by every layer of the CLI. Only the entry point turns them into exit codes.

export const ExitCode = {
  ok: 0,
  /** What the command checked failed: a conversation or a threshold of `chatbot test` (as test runners exit 1). */
  failed: 1,
  /** A bug of the tool's own: the same 1, since a script can only tell "not 0" apart there. */
  internal: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  conflict: 5,
  rejected: 6,
  network: 7,
  service: 8,
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Base class: every failure carries the exit code scripts rely on. */
export abstract class CliError extends Error {
  abstract readonly exitCode: ExitCodeValue;
  /** The service's status when there is one; null for failures that never reached it. */
  get status(): number | null {
    return null;
  }
}

/** Bad flag, failed validation, or a prompt needed where none is allowed; nothing was sent. */
export class UsageError extends CliError {
  readonly exitCode = ExitCode.usage;
}

/** The service answered with an error status in its body (or HTTP line when the body has none). */
export class ApiError extends CliError {
  readonly exitCode: ExitCodeValue;
  constructor(
    readonly serviceStatus: number,
    message: string,
    readonly body: unknown,
    /** True when the HTTP line and the body disagree, so the service may have acted after all. */
    readonly uncertain = false,
    exitCode: ExitCodeValue = exitCodeForStatus(serviceStatus),
  ) {
    super(message);
    this.exitCode = exitCode;
  }
  override get status(): number {
    return this.serviceStatus;
  }
}

/** No key, or a key the service rejected, found without a service error of its own (`status`). */
export class AuthFailure extends CliError {
  readonly exitCode = ExitCode.auth;
}

/** Refused, reset, DNS failure or timeout: the request may not have reached the service. */
export class NetworkError extends CliError {
  readonly exitCode = ExitCode.network;
  constructor(
    message: string,
    /** `no` when the request certainly never left (refused, unresolvable host): sending it again is safe. */
    readonly reached: 'no' | 'maybe' = 'maybe',
  ) {
    super(message);
  }
}

/** A batch ended with rows failed, skipped or of unknown outcome; the summary on stdout lists them. */
export class IncompleteBatch extends CliError {
  readonly exitCode = ExitCode.rejected;
}

/** The service answered with something that is not a JSON object (an HTML 502 page, say). */
export class MalformedResponse extends CliError {
  readonly exitCode = ExitCode.service;
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
  override get status(): number {
    return this.httpStatus;
  }
}

/** A successful answer without a field the command needs (or with one of the wrong type): nothing is reported done. */
export class UnexpectedAnswer extends CliError {
  readonly exitCode = ExitCode.service;
  constructor(readonly problem: string) {
    super(
      `Unexpected answer from the service: ${problem} — it may not be the chatbot service (check the base URL with \`chatbot status\`), or it changed`,
    );
  }
}

/** The local configuration cannot be read or written. */
export class ConfigError extends CliError {
  readonly exitCode = ExitCode.usage;
}

/** Waiting for something (a device to connect) ran out of time. */
export class TimeoutError extends CliError {
  readonly exitCode = ExitCode.network;
}

/** Something the tool itself got wrong (a failed demo step, a broken invariant). */
export class InternalError extends CliError {
  readonly exitCode = ExitCode.internal;
}

/** Ctrl-C: the user stopped the command. */
export class InterruptedError extends CliError {
  readonly exitCode = ExitCode.interrupted;
}

/** Maps a service status to the documented exit code. */
export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 401) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status >= 500) return ExitCode.service;
  if (status >= 400) return ExitCode.rejected;
  return ExitCode.internal;
}
