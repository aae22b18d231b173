// Runs that fail on purpose — a key the service rejects (401), a device it does not know (404), a service that
// cannot be reached — each with the exit code it must end with. The keys involved must not show in the error.
import { randomBytes } from 'node:crypto';
import { CONTACT } from './walk.js';

export interface FailingRun {
  what: string;
  args: string[];
  input?: string;
  env?: Record<string, string>;
  exitCode: number;
}

/** An authkey the service never issued, shaped like a real one (40 hex digits). */
export const WRONG_AUTHKEY = randomBytes(20).toString('hex');
/** An appkey no device has. */
export const WRONG_APPKEY = `appkey-desconhecida-${randomBytes(12).toString('hex')}`;

const text = ['send', 'text', '--to', CONTACT, '-m', 'oi'];

/** Failing runs against a working service: the profile's keys are valid unless a flag replaces one. */
export function rejectedRuns(valid: { authkey: string; groupId: string }): FailingRun[] {
  const wrongAuth = ['--authkey', WRONG_AUTHKEY];
  const wrongApp = ['--appkey', WRONG_APPKEY];
  return [
    { what: '401 listing devices', args: ['devices', 'ls', ...wrongAuth], exitCode: 3 },
    { what: '401 sending with the right appkey', args: [...text, ...wrongAuth], exitCode: 3 },
    {
      what: '401 creating an agent',
      args: ['agent', 'create', '--device', 'dev_0000000000000000', '--name', 'x', ...wrongAuth],
      exitCode: 3,
    },
    { what: '401 pairing', args: ['pair', '--no-wait', '--name', 'nova', ...wrongAuth], exitCode: 3 },
    { what: '401 from the control API', args: ['emulator', 'template', '--text', 'x', ...wrongAuth], exitCode: 3 },
    {
      what: '401 at login',
      args: ['login', '--authkey-stdin', '--profile', 'walk-wrong'],
      input: WRONG_AUTHKEY,
      exitCode: 3,
    },
    {
      what: '401 in env',
      args: ['devices', 'ls', '--profile', 'walk-empty'],
      env: { CHATBOT_AUTHKEY: WRONG_AUTHKEY },
      exitCode: 3,
    },
    { what: 'status with a rejected authkey', args: ['status', ...wrongAuth], exitCode: 3 },
    { what: '404 sending with an unknown appkey', args: [...text, ...wrongApp], exitCode: 4 },
    {
      what: '404 reading a group with an unknown appkey',
      args: ['group', 'info', valid.groupId, ...wrongApp],
      exitCode: 4,
    },
    { what: '404 from the control API', args: ['emulator', 'outbox', ...wrongApp], exitCode: 4 },
    {
      what: '404 unknown appkey in env',
      args: [...text, '--profile', 'walk-empty'],
      env: { CHATBOT_AUTHKEY: valid.authkey, CHATBOT_APPKEY: WRONG_APPKEY },
      exitCode: 4,
    },
  ];
}

/** The same valid keys against an address where nothing listens. */
export function unreachableRuns(closedUrl: string, authkey: string): FailingRun[] {
  const at = ['--base-url', closedUrl];
  return [
    { what: 'network: send', args: [...text, ...at], exitCode: 7 },
    {
      what: 'network: agent create',
      args: ['agent', 'create', '--device', 'dev_0000000000000000', '--name', 'x', ...at],
      exitCode: 7,
    },
    { what: 'network: control API', args: ['emulator', 'outbox', ...at], exitCode: 7 },
    {
      what: 'network: login',
      args: ['login', '--authkey-stdin', '--profile', 'walk-offline', ...at],
      input: authkey,
      exitCode: 7,
    },
    { what: 'network: status', args: ['status', ...at], exitCode: 7 },
  ];
}

/** A port on 127.0.0.1 where nothing listens: a free one, below the ephemeral range no other test's server takes. */
export { freePort as closedPort } from '../../support/free-port.js';
