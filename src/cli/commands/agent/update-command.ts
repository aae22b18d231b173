// agent update: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

const ON_OFF = ['on', 'off'] as const;

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
  extension: 'PUT /api/v2/ia/{id}',
  examples: [
    'chatbot agent update agt_1a2b3c4d5e6f7a8b --voice f --temperature 0.3 --work-days seg,ter,qua,qui,sex',
    'chatbot agent update agt_1a2b3c4d5e6f7a8b --system - < instrucoes.txt',
    'chatbot agent update agt_1a2b3c4d5e6f7a8b --stop-bot on',
  ],
});
