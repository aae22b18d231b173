// pair: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { seconds } from '../../flag-parsers.js';
import { durationHelp } from '../../../duration.js';

export const pairCommand = defineCommand({
  name: 'pair',
  description:
    'Link a phone as a device: shows a QR code (or a pairing code with --phone), waits until the phone links it, and makes it the current device',
  flags: {
    phone: flag.text(
      'number',
      'phone number of the device, with country code: get an 8-digit pairing code instead of a QR code',
    ),
    name: flag.text(
      'appkey-name',
      'device name, also its appkey (sent as setAppkey; shown whole); omit it for a secret random appkey',
    ),
    webhook: flag.text('url', "http(s) URL that receives the device's events"),
    wait: flag.off('do not wait for the phone: save the device in the profile without making it current'),
    waitTimeout: flag.parsed(
      'seconds',
      `how long to wait for the phone to link the device (${durationHelp('seconds')})`,
      seconds,
      { default: 120 },
    ),
    qrFile: flag.text('file', 'also save the QR code as a PNG image'),
  },
  examples: [
    'chatbot pair',
    'chatbot pair --name loja-centro --webhook https://example.com/hook',
    'chatbot pair --phone +5581989769960',
    'chatbot pair --json --no-wait --qr-file qr.png',
  ],
});
