// Flags and help text that several send commands declare alike.
import { flag } from '../../flags.js';

export const TO = 'recipient: phone number in international format (+5581989769960) or group id (…@g.us)';

/** The flags of every `send … --batch` (text, template, media); `batch`'s description says what a row holds. */
export const BATCH = {
  batch: flag.text('file', 'send one message per row of a CSV or NDJSON file; - reads stdin'),
  format: flag.oneOf('csv|ndjson', 'format of the --batch input (default: from the file extension)', ['csv', 'ndjson']),
  skipInvalid: flag.on('send the valid rows even when some are invalid (they are listed and skipped)'),
  concurrency: flag.text('n', 'requests at once, 1 to 64 (default: 4)'),
  rate: flag.text('per-second', 'at most this many requests started per second'),
  journal: flag.text('file', "where each row's outcome is recorded (default: FILE.journal)"),
  resume: flag.on('continue a batch from its journal: rows already sent are skipped'),
  resendUnknown: flag.on('with --resume, also send rows whose earlier outcome is unknown'),
};

export const BATCH_HELP = `
Batch (--batch FILE, or - for stdin with --format and --journal):
  Rows come from CSV with a header (comma, semicolon or tab separated) or NDJSON, one object per line.
  Every row is checked first; invalid rows are listed by line and nothing is sent unless --skip-invalid.
  The journal (default FILE.journal) records each row as it goes: after a crash or Ctrl-C, run the same
  command with --resume to send only what is left. Rows whose outcome is unknown (in flight at a crash)
  are not sent again unless --resend-unknown, since a resend could reach a person twice.
  Exit 0 only when every row was sent; 6 when some failed, were skipped or are unknown; 130 on Ctrl-C.
`;

export const to = flag.text('recipient', TO);
