// pair (E3) and agent create (E1).
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';
import { seconds } from '../flag-parsers.js';

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
    waitTimeout: flag.parsed('seconds', 'how long to wait for the phone to link the device', seconds, { default: 120 }),
    qrFile: flag.text('file', 'also save the QR code as a PNG image'),
  },
  examples: [
    'chatbot pair',
    'chatbot pair --name loja-centro --webhook https://example.com/hook',
    'chatbot pair --phone +5581989769960',
    'chatbot pair --json --no-wait --qr-file qr.png',
  ],
});

export const createAgentCommand = defineCommand({
  name: 'create',
  description: "Create an AI agent on one of the account's devices; prints its agent_id",
  flags: {
    device: flag.text('id', 'id of the device that hosts the agent (default: the current device)'),
    name: flag.text('name', 'name of the agent'),
  },
  examples: [
    'chatbot agent create --device dev_1a2b3c4d5e6f7a8b --name "Atendente"',
    'chatbot agent create --name Vendas --json',
  ],
});

const ON_OFF = ['on', 'off'] as const;

export const getAgentCommand = defineCommand({
  name: 'get',
  description: "Show an AI agent's settings, or list the account's agents without an ID",
  args: [arg('[id]', 'the agent_id `agent create` printed')],
  liveService: 'GET /api/v2/ia/{id}',
  examples: ['chatbot agent get', 'chatbot agent get agt_1a2b3c4d5e6f7a8b --json | jq .data.system'],
});

export const updateAgentCommand = defineCommand({
  name: 'update',
  description: "Change an AI agent's settings; fields not given stay as they are",
  args: [arg('<id>', 'the agent_id')],
  flags: {
    name: flag.text('name', "the agent's name (default: its current name)"),
    device: flag.text('id|name', 'move the agent to this device'),
    webhook: flag.text('url', 'http(s) URL of the agent\'s webhook; "" clears it'),
    voice: flag.oneOf('m|f', 'voice of audio answers', ['m', 'f']),
    system: flag.text('text', "the agent's instructions; - reads them from stdin"),
    temperature: flag.text('0-2', 'how freely the agent answers, 0 to 2'),
    workDays: flag.text('days', 'days it works, comma separated: seg,ter,qua,qui,sex,sab,dom'),
    timePause: flag.text('HH:MM:SS', 'how long it pauses after a person answers in its place'),
    blacklist: flag.many('phone', 'a number the agent never answers (repeatable; replaces the list)'),
    sendAudio: flag.oneOf('on|off', 'answer with audio', ON_OFF),
    receiverAudio: flag.oneOf('on|off', 'understand audio messages', ON_OFF),
    stopBot: flag.oneOf('on|off', 'pause the agent', ON_OFF),
  },
  liveService: 'PUT /api/v2/ia/{id}',
  examples: [
    'chatbot agent update agt_1a2b3c4d5e6f7a8b --voice f --temperature 0.3 --work-days seg,ter,qua,qui,sex',
    'chatbot agent update agt_1a2b3c4d5e6f7a8b --system - < instrucoes.txt',
    'chatbot agent update agt_1a2b3c4d5e6f7a8b --stop-bot on',
  ],
});

export const pairCommands: Node[] = [
  lazy(pairCommand, () => import('../actions/pair.js'), 'pair'),
  defineGroup({
    name: 'agent',
    description: 'AI agents hosted by a device',
    commands: [
      lazy(createAgentCommand, () => import('../actions/agent.js'), 'createAgent'),
      lazy(getAgentCommand, () => import('../actions/agent-settings.js'), 'getAgent'),
      lazy(updateAgentCommand, () => import('../actions/agent-settings.js'), 'updateAgent'),
    ],
  }),
];
