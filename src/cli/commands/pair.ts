// pair (E3) and agent create (E1).
import { defineCommand, defineGroup, flag, lazy, type Node } from '../command.js';
import { seconds } from '../define.js';

export const pairCommand = defineCommand({
  name: 'pair',
  description: 'Link a phone as a device: shows a QR code (or a pairing code with --phone), waits until the phone links it, and makes it the current device',
  flags: {
    phone: flag.text('number', 'phone number of the device, with country code: get an 8-digit pairing code instead of a QR code'),
    name: flag.text('appkey-name', 'name of the new appkey (sent as setAppkey); random when omitted'),
    webhook: flag.text('url', 'http(s) URL that receives the device\'s events'),
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
  description: 'Create an AI agent on one of the account\'s devices; prints its agent_id',
  flags: {
    device: flag.text('id', 'id of the device that hosts the agent (default: the current device)'),
    name: flag.text('name', 'name of the agent'),
  },
  examples: ['chatbot agent create --device dev_1a2b3c4d5e6f7a8b --name "Atendente"', 'chatbot agent create --name Vendas --json'],
});

export const pairCommands: Node[] = [
  lazy(pairCommand, () => import('../actions/pair.js'), 'pair'),
  defineGroup({
    name: 'agent',
    description: 'AI agents hosted by a device',
    commands: [lazy(createAgentCommand, () => import('../actions/agent.js'), 'createAgent')],
  }),
];
