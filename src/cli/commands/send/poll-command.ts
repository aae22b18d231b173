// send poll: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { to } from './flags.js';

export const sendPollCommand = defineCommand({
  name: 'poll',
  description: 'Send a poll with 2 to 12 distinct options (the device must be connected)',
  flags: {
    to,
    question: flag.text('text', 'the question; - reads stdin'),
    option: flag.many('text', 'repeat per option (2 to 12, no repeats)'),
    multiple: flag.on('allow several options to be chosen (default: one)'),
  },
  examples: ['chatbot send poll --to +5581989769960 --question "Melhor dia?" --option Sábado --option Domingo'],
});
