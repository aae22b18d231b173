// otp verify: checks a one-time password. Its handler is imported only when it runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { verifyOtpCommand } from './verify-command.js';

export const otpCommands: Node[] = [
  defineGroup({
    name: 'otp',
    description: 'Check one-time passwords (OTP) sent to a phone number',
    commands: [lazy(verifyOtpCommand, () => import('./verify.js'), 'verifyOtp')],
  }),
];
