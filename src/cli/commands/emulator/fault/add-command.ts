// emulator fault add: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { count, duration, httpStatus } from '../../../flag-parsers.js';
import { durationHelp } from '../../../../duration.js';

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
    delay: flag.parsed(
      'duration',
      `wait this long first (alone: then answer as usual): ${durationHelp('ms')}`,
      duration,
    ),
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
