// One entry per leaf command of the CLI: how to run it with valid keys against the emulator, or why the walk leaves
// it out. Entries run in this order, so state one needs (an OTP code, a device to delete) is still there.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../../src/cli/program.js';

export const CONTACT = '+5521998765432';

export interface WalkSetup {
  home: string;
  emulatorUrl: string;
  authkey: string;
  deviceId: string;
  deviceName: string;
  spareDeviceId: string;
  spareAppkey: string;
  groupId: string;
  templateId: string;
  textId: string;
  buttonsId: string;
  pollId: string;
  otpCode: string;
  cardsFile: string;
  conversationFile: string;
  batchFile: string;
  scheduleId: string;
  agentId: string;
}

export interface Run {
  args: string[];
  input?: string;
}

export type Mode = 'human' | '--json' | '--dry-run';

export interface Step {
  /** The runs of the command (most have one), built afresh for each mode. */
  runs(s: WalkSetup): Run[];
  /** Modes to run, in order; default: --dry-run, --json, human. */
  modes?: Mode[];
  /** Runs after every other step and after the keys in existence have been read (it erases them). */
  last?: true;
}

export type Entry = Step | { skip: string };

/** Changes that work once (a code is used up, a device is gone): checked as a dry run, then done for real. */
const ONCE: Mode[] = ['--dry-run', 'human'];
/** Commands that only read or change the local profile: they refuse --dry-run, so there is nothing to plan. */
const LOCAL: Mode[] = ['--json', 'human'];

const one =
  (...args: string[]): Step['runs'] =>
  () => [{ args }];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}`;

const journal = (s: WalkSetup) => join(s.home, `${unique('lote')}-${randomUUID()}.journal`);

export const WALK: Record<string, Entry> = {
  'chatbot status': { runs: one('status') },
  'chatbot register': {
    runs: () => [
      {
        args: [
          'register',
          '--name',
          'Rita Lima',
          '--email',
          `${unique('rita')}-${randomUUID()}@example.com`,
          '--phone',
          '+5581989769960',
          '--plan',
          '1',
          '--password-stdin',
          '--profile',
          unique('walk-reg'),
        ],
        input: `senha-do-passeio-${randomUUID()}`,
      },
    ],
  },
  'chatbot login': {
    runs: (s) => [{ args: ['login', '--authkey-stdin', '--profile', 'walk-login'], input: s.authkey }],
  },
  'chatbot pair': { runs: one('pair', '--no-wait', '--wait-timeout', '5') },
  'chatbot agent create': { runs: (s) => [{ args: ['agent', 'create', '--device', s.deviceId, '--name', 'Robô'] }] },
  'chatbot devices ls': { runs: one('devices', 'ls') },
  'chatbot devices check': { runs: (s) => [{ args: ['devices', 'check', s.deviceName] }] },
  'chatbot devices disconnect': { runs: (s) => [{ args: ['devices', 'disconnect', s.spareDeviceId] }] },
  // The spare device, not connected any more (the service changes only such a device's address); the walk's own
  // device keeps the webhook listen hears the walk on.
  'chatbot devices set-webhook': {
    runs: (s) => [{ args: ['devices', 'set-webhook', s.spareDeviceId, 'http://127.0.0.1:9/gancho'] }],
  },
  'chatbot emulator set-webhook': {
    runs: (s) => [{ args: ['emulator', 'set-webhook', s.spareAppkey, 'http://127.0.0.1:9/outro'] }],
  },
  'chatbot devices link': { runs: (s) => [{ args: ['devices', 'link', s.deviceName] }] },
  'chatbot app create': { runs: (s) => [{ args: ['app', 'create', '--device', s.deviceId, '--name', unique('app')] }] },
  'chatbot agent get': { runs: one('agent', 'get') },
  'chatbot agent update': {
    runs: (s) => [{ args: ['agent', 'update', s.agentId, '--voice', 'm', '--stop-bot', 'off'] }],
  },
  'chatbot devices rm': { runs: (s) => [{ args: ['devices', 'rm', s.spareDeviceId, '--yes'] }], modes: ONCE },
  'chatbot send text': {
    runs: (s) => [
      { args: ['send', 'text', '--to', CONTACT, '-m', 'texto do passeio'] },
      { args: ['send', 'text', '--batch', s.batchFile, '--journal', journal(s)] },
    ],
  },
  'chatbot send story': { runs: one('send', 'story', '-m', 'status do passeio') },
  'chatbot send location': { runs: one('send', 'location', '--to', CONTACT, '--lat', '-8.05', '--lng', '-34.88') },
  'chatbot send react': {
    runs: (s) => [{ args: ['send', 'react', '--to', CONTACT, '--id', s.textId, '--emoji', '👍'] }],
  },
  'chatbot send buttons': { runs: one('send', 'buttons', '--to', CONTACT, '-m', 'Escolha', '--button', 'reply:Sim') },
  'chatbot send carousel': {
    runs: (s) => [{ args: ['send', 'carousel', '--to', CONTACT, '-m', 'Ofertas', '--cards', s.cardsFile] }],
  },
  'chatbot send poll': {
    runs: one('send', 'poll', '--to', CONTACT, '--question', 'Qual?', '--option', 'Manga', '--option', 'Caju'),
  },
  'chatbot send template': {
    runs: (s) => [
      { args: ['send', 'template', '--to', CONTACT, '--template', s.templateId, '--var', 'nome=Ana'] },
      { args: ['send', 'template', '--template', s.templateId, '--batch', s.batchFile, '--journal', journal(s)] },
    ],
  },
  'chatbot send schedule': {
    runs: one('send', 'schedule', '--to', CONTACT, '--in', '1d', '-m', 'lembrete do passeio'),
  },
  'chatbot send media': {
    runs: one('send', 'media', '--to', CONTACT, '--file', 'https://example.com/nota.pdf', '--caption', 'nota'),
  },
  'chatbot send reply': {
    runs: (s) => [{ args: ['send', 'reply', '--to', CONTACT, '--id', s.textId, '-m', 'resposta'] }],
  },
  'chatbot schedule cancel': { runs: (s) => [{ args: ['schedule', 'cancel', s.scheduleId] }], modes: ONCE },
  'chatbot about set': { runs: one('about', 'set', 'Recado do passeio') },
  'chatbot user picture': { runs: one('user', 'picture', CONTACT) },
  'chatbot user check': { runs: one('user', 'check', CONTACT) },
  'chatbot flow reset': {
    runs: () => [{ args: ['flow', 'reset', CONTACT] }, { args: ['flow', 'reset', '--all', '--yes'] }],
  },
  'chatbot api': { runs: one('api', '/api/developer', '-F', 'message=false', '-F', 'dispositivos=true') },
  'chatbot otp verify': {
    runs: (s) => [{ args: ['otp', 'verify', '--to', CONTACT, '--code', s.otpCode] }],
    modes: ONCE,
  },
  'chatbot group info': { runs: (s) => [{ args: ['group', 'info', s.groupId] }] },
  'chatbot group title': { runs: (s) => [{ args: ['group', 'title', s.groupId, 'Título do passeio'] }] },
  'chatbot group invite': { runs: (s) => [{ args: ['group', 'invite', s.groupId] }] },
  'chatbot user status': { runs: one('user', 'status', CONTACT) },
  'chatbot name set': { runs: one('name', 'set', 'Loja', 'do', 'Passeio') },
  'chatbot webhook': { runs: one('webhook', 'on', '--type', 'chat') },
  'chatbot listen': {
    runs: one('listen', '--port', '0'),
    // In this process listen would wait for a signal; its human mode runs as a spawned process through the whole walk.
    modes: ['--dry-run'],
  },
  'chatbot config list': { runs: one('config', 'list'), modes: LOCAL },
  // Without --reveal, the documented way to print a key whole.
  'chatbot config get': {
    runs: () => [{ args: ['config', 'get', 'authkey'] }, { args: ['config', 'get', 'appkey'] }],
    modes: LOCAL,
  },
  'chatbot config set': {
    runs: (s) => [
      { args: ['config', 'set', 'timezone', 'America/Recife'] },
      { args: ['config', 'set', 'authkey', s.authkey] },
      { args: ['config', 'set', 'appkey', s.deviceId] },
      { args: ['config', 'set', 'base-url', 'http://127.0.0.1:9/nada', '--profile', 'walk-x'] },
    ],
    modes: LOCAL,
  },
  'chatbot config unset': { runs: one('config', 'unset', 'timezone'), modes: LOCAL },
  'chatbot profile ls': { runs: one('profile', 'ls'), modes: LOCAL },
  'chatbot profile use': {
    runs: () => [{ args: ['profile', 'use', '--create', 'walk-x'] }, { args: ['profile', 'use', 'default'] }],
    modes: LOCAL,
  },
  'chatbot profile rm': { runs: one('profile', 'rm', 'walk-x', '--yes'), modes: ['human'] },
  'chatbot logout': { runs: one('logout', '--profile', 'walk-login'), modes: ['human'] },
  'chatbot emulator start': { skip: 'it is the emulator this walk runs against: its whole output is checked instead' },
  'chatbot emulator connect': { runs: (s) => [{ args: ['emulator', 'connect', s.deviceId] }] },
  'chatbot emulator group': {
    runs: one('emulator', 'group', '--title', 'Grupo do passeio', '--participant', `${CONTACT}:admin`),
  },
  'chatbot emulator template': { runs: one('emulator', 'template', '--text', 'Olá {{nome}}') },
  'chatbot emulator otp': { runs: one('emulator', 'otp', '--to', CONTACT) },
  'chatbot emulator outbox': { runs: one('emulator', 'outbox') },
  'chatbot emulator webhooks': {
    runs: () => [{ args: ['emulator', 'webhooks'] }, { args: ['emulator', 'webhooks', '--state', 'pending'] }],
  },
  'chatbot emulator reset': { runs: one('emulator', 'reset', '--yes'), modes: ONCE, last: true },
  'chatbot emulator trigger text': { runs: one('emulator', 'trigger', 'text', '--from', CONTACT, '--message', 'oi') },
  'chatbot emulator trigger media': {
    runs: one('emulator', 'trigger', 'media', '--from', CONTACT, '--url', 'https://example.com/comprovante.pdf'),
  },
  'chatbot emulator trigger button': {
    runs: (s) => [
      { args: ['emulator', 'trigger', 'button', '--from', CONTACT, '--message-id', s.buttonsId, '--option', 'Sim'] },
    ],
  },
  'chatbot emulator trigger poll-vote': {
    runs: (s) => [
      { args: ['emulator', 'trigger', 'poll-vote', '--from', CONTACT, '--message-id', s.pollId, '--option', 'Manga'] },
    ],
  },
  'chatbot emulator trigger reaction': {
    runs: (s) => [
      { args: ['emulator', 'trigger', 'reaction', '--from', CONTACT, '--message-id', s.textId, '--emoji', '👍'] },
    ],
  },
  'chatbot emulator trigger location': {
    runs: one('emulator', 'trigger', 'location', '--from', CONTACT, '--lat', '-8.05', '--lng', '-34.88'),
  },
  // Rules on an operation no later step uses; --json and human add flt_1 and flt_2 (a dry run adds none).
  'chatbot emulator fault add': {
    runs: one('emulator', 'fault', 'add', '--operation', 'groupInvite', '--error', 'internal', '--times', '1'),
  },
  'chatbot emulator fault ls': { runs: one('emulator', 'fault', 'ls') },
  'chatbot emulator fault rm': { runs: one('emulator', 'fault', 'rm', 'flt_2'), modes: ['--dry-run', 'human'] },
  'chatbot emulator fault clear': { runs: one('emulator', 'fault', 'clear') },
  'chatbot emulator disconnect': { runs: (s) => [{ args: ['emulator', 'disconnect', s.deviceId] }] },
  // An hour ahead at most: far enough to move, never near an authkey's expiry.
  'chatbot emulator clock set': {
    runs: () => [{ args: ['emulator', 'clock', 'set', new Date(Date.now() + 1_800_000).toISOString()] }],
  },
  'chatbot emulator clock advance': { runs: one('emulator', 'clock', 'advance', '10m') },
  'chatbot emulator clock reset': { runs: one('emulator', 'clock', 'reset') },
  'chatbot emulator requests': { runs: one('emulator', 'requests', '--status', '200') },
  // Against the walk's emulator, on the profile's device; it has no --dry-run (it sends nothing of the user's).
  'chatbot test': {
    runs: (s) => [{ args: ['test', s.conversationFile, '--emulator-url', s.emulatorUrl] }],
    modes: ['--json', 'human'],
  },
  'chatbot completion': { runs: one('completion', 'bash'), modes: ['human'] },
  'chatbot dev': {
    skip: 'it stays up until Ctrl-C; test/cli/emulator/dev.test.ts checks its keys masked (whole only with --env, its purpose)',
  },
  'chatbot demo': { skip: "runs its own throwaway emulator, account and keys, never the profile's" },
};

const program = await buildProgram(
  {
    stdin: { async *[Symbol.asyncIterator]() {} },
    stdout: { write: () => true },
    stderr: { write: () => true },
    env: {},
  },
  () => undefined,
);

/** Every leaf command of the CLI as the walk names it, e.g. `chatbot group info`. */
export function leafCommands(): string[] {
  const leaves = (command: Command, path: string[]): string[] => {
    const here = [...path, command.name()];
    const children = command.commands.filter((c) => c.name() !== 'help');
    return children.length === 0 ? [here.join(' ')] : children.flatMap((child) => leaves(child, here));
  };
  return leaves(program, []).filter((name) => name !== 'chatbot');
}
