// Flags that several send commands declare alike.
import { flag } from '../flags.js';

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
