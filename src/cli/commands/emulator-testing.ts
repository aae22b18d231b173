// emulator fault|disconnect|clock|requests: what tests need from the local emulator beyond playing the network.
import { InvalidArgumentError } from 'commander';
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';

const load = () => import('../actions/emulator-testing.js');

/** The service's errors a fault can answer by name (the emulator's table, repeated here: the CLI shares no code). */
export const FAULT_ERRORS = [
  'internal',
  'unavailable',
  'license',
  'rate-limit',
  'not-connected',
  'no-device',
  'bad-authkey',
  'validation',
] as const;

function count(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return parsed;
}

function httpStatus(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 100 || parsed > 599)
    throw new InvalidArgumentError('expected an HTTP status from 100 to 599');
  return parsed;
}

/** `500ms`, `3s`, `15m`, `2h`, `1d` (a bare number is milliseconds) → the same text, checked. */
export function duration(value: string): string {
  const trimmed = value.trim();
  if (!/^\d+(ms|s|m|h|d)?$/.test(trimmed))
    throw new InvalidArgumentError('expected a duration like 500ms, 90s, 15m, 2h or 1d');
  return trimmed;
}

export const faultAddCommand = defineCommand({
  name: 'add',
  description: "Make matching service requests fail on purpose; prints the rule's id",
  flags: {
    path: flag.text('path', 'match requests to this service path, e.g. /api/create-message'),
    operation: flag.text('name', 'match this operation, e.g. sendText, sendPoll, scheduleMessage, verifyOtp'),
    device: flag.text('appkey', 'match requests carrying this appkey'),
    to: flag.text('phone', 'match requests to this recipient'),
    error: flag.oneOf('name', "answer one of the service's errors by name", FAULT_ERRORS),
    status: flag.parsed('code', 'answer this HTTP status (with --message)', httpStatus),
    message: flag.text('text', 'the error text to answer'),
    http200: flag.on('answer HTTP 200 with the error in the body (with --error or --status)'),
    delay: flag.parsed('duration', 'wait this long first (alone: then answer as usual), e.g. 3s', duration),
    drop: flag.on('close the connection without answering'),
    times: flag.parsed('n', 'only the next N matching requests (default: until removed)', count),
  },
  helpAfter:
    '\nMagic recipients fail without a rule: +5500000000500 (500), +5500000000503 (503), +5500000000403 (403),\n' +
    '+5500000000429 (429), +5500000000404 (404 not connected), +5500000000200 (HTTP 200, body 500), +5500000000000 (drop).\n',
  examples: [
    'chatbot emulator fault add --operation sendText --error rate-limit --times 2',
    'chatbot emulator fault add --to +5521998765432 --drop',
    'chatbot emulator fault add --path /api/groups --status 500 --message "Falhou" --http200',
  ],
});

export const faultListCommand = defineCommand({
  name: 'ls',
  aliases: ['list'],
  description: 'List the fault rules with how many requests each has hit',
  examples: ['chatbot emulator fault ls', 'chatbot emulator fault ls --json'],
});

export const faultRemoveCommand = defineCommand({
  name: 'rm',
  aliases: ['remove'],
  description: 'Remove one fault rule',
  args: [arg('<id>', "the rule's id, as `fault add` printed it (flt_1, ...)")],
  examples: ['chatbot emulator fault rm flt_1'],
});

export const faultClearCommand = defineCommand({
  name: 'clear',
  description: 'Remove every fault rule',
  examples: ['chatbot emulator fault clear'],
});

export const disconnectCommand = defineCommand({
  name: 'disconnect',
  description: 'Disconnect a device, as if its phone had gone offline',
  args: [arg('<device>', "the device's appkey, or the name or id of a device saved in the profile")],
  examples: ['chatbot emulator disconnect loja-centro'],
});

export const clockSetCommand = defineCommand({
  name: 'set',
  description: "Put the emulator's clock at a time (due schedules go out, OTPs expire)",
  args: [arg('<time>', 'ISO 8601 with its zone, e.g. 2030-01-01T12:00:00Z or 2030-01-01T09:00:00-03:00')],
  examples: ['chatbot emulator clock set 2030-01-01T12:00:00Z'],
});

export const clockAdvanceCommand = defineCommand({
  name: 'advance',
  description: "Move the emulator's clock forward (due schedules go out at once)",
  args: [arg('<duration>', 'how far: 500ms, 90s, 15m, 2h, 1d')],
  examples: ['chatbot emulator clock advance 2h', 'chatbot emulator clock advance 1d --json'],
});

export const clockResetCommand = defineCommand({
  name: 'reset',
  description: "Put the emulator's clock back to real time",
  examples: ['chatbot emulator clock reset'],
});

export const requestsCommand = defineCommand({
  name: 'requests',
  description: 'List the service requests the emulator received, accepted or rejected (keys masked)',
  flags: {
    device: flag.text('appkey', 'only requests carrying this appkey'),
    path: flag.text('path', 'only requests to this path'),
    status: flag.parsed('code', 'only requests answered with this status', httpStatus),
    since: flag.text('time', 'only requests since this time (ISO 8601)'),
    follow: flag.on('keep printing new requests until Ctrl-C (not with --json)', { short: 'f' }),
  },
  examples: [
    'chatbot emulator requests --status 401',
    'chatbot emulator requests --follow',
    'chatbot emulator requests --device "$APPKEY" --json',
  ],
});

export const emulatorTestingCommands: Node[] = [
  defineGroup({
    name: 'fault',
    description: 'Make the emulator fail on purpose: add, list and remove fault rules',
    commands: [
      lazy(faultAddCommand, load, 'faultAdd'),
      lazy(faultListCommand, load, 'faultList'),
      lazy(faultRemoveCommand, load, 'faultRemove'),
      lazy(faultClearCommand, load, 'faultClear'),
    ],
  }),
  lazy(disconnectCommand, load, 'emulatorDisconnect'),
  defineGroup({
    name: 'clock',
    description: "Move the emulator's time: set, advance, back to real time",
    commands: [
      lazy(clockSetCommand, load, 'clockSet'),
      lazy(clockAdvanceCommand, load, 'clockAdvance'),
      lazy(clockResetCommand, load, 'clockReset'),
    ],
  }),
  lazy(requestsCommand, load, 'emulatorRequests'),
];
