// otp verify: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const verifyOtpCommand = defineCommand({
  name: 'verify',
  description: 'Check an OTP code: exit 0 when valid, 3 when invalid or expired',
  flags: {
    to: flag.text('phone', 'phone number in international format the code was sent to'),
    code: flag.text('code', 'the code to check'),
  },
  examples: [
    'chatbot otp verify --to +5581989769960 --code 123456',
    'chatbot otp verify --to +5581989769960 --code "$CODE" && echo ok',
  ],
});
