// pair (E3) and agent create (E1).
import { Option, type Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction, seconds } from '../define.js';

export function registerPair(program: Command, io: CliIo): void {
  examples(
    program
      .command('pair')
      .description('Link a phone as a device: shows a QR code (or a pairing code with --phone), waits until the phone links it, and makes it the current device')
      .option('--phone <number>', 'phone number of the device, with country code: get an 8-digit pairing code instead of a QR code')
      .option('--name <appkey-name>', 'device name, also its appkey (sent as setAppkey; shown whole); omit it for a secret random appkey')
      .option('--webhook <url>', 'http(s) URL that receives the device\'s events')
      .option('--no-wait', 'do not wait for the phone: save the device in the profile without making it current')
      .addOption(new Option('--wait-timeout <seconds>', 'how long to wait for the phone to link the device').argParser(seconds).default(120))
      .option('--qr-file <file>', 'also save the QR code as a PNG image')
      .action(lazyAction(io, () => import('../actions/pair.js'), 'pair')),
    [
      'chatbot pair',
      'chatbot pair --name loja-centro --webhook https://example.com/hook',
      'chatbot pair --phone +5581989769960',
      'chatbot pair --json --no-wait --qr-file qr.png',
    ],
  );

  const agent = program.command('agent').description('AI agents hosted by a device');
  examples(
    agent
      .command('create')
      .description('Create an AI agent on one of the account\'s devices; prints its agent_id')
      .option('--device <id>', 'id of the device that hosts the agent (default: the current device)')
      .option('--name <name>', 'name of the agent')
      .action(lazyAction(io, () => import('../actions/agent.js'), 'createAgent')),
    ['chatbot agent create --device dev_1a2b3c4d5e6f7a8b --name "Atendente"', 'chatbot agent create --name Vendas --json'],
  );
}
