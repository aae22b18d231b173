// app create: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const createAppCommand = defineCommand({
  name: 'create',
  description: 'Create another appkey for a device, e.g. one per integration',
  flags: {
    device: flag.text('id|name', 'the device the new appkey sends from', { required: true }),
    name: flag.text('name', 'a name for the app', { required: true }),
    reveal: flag.on('print the new appkey whole (it is masked otherwise)'),
  },
  extension: '/api/developer with `criarApp`',
  examples: [
    'chatbot app create --device loja-centro --name ERP --reveal',
    'chatbot app create --device dev_1a2b3c4d5e6f7a8b --name Site --json --reveal | jq -r .appkey',
  ],
});
