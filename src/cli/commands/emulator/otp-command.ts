// emulator otp: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { FOR_DEVICE } from './phrases.js';

export const emulatorOtpCommand = defineCommand({
  name: 'otp',
  description: `Issue a one-time code sent to a number ${FOR_DEVICE}; prints the code`,
  flags: { to: flag.text('phone', 'the number the code goes to, in international format', { required: true }) },
  examples: ['chatbot emulator otp --to +5581989769960', 'code=$(chatbot emulator otp --to +5581989769960)'],
});
