// schedule cancel: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const cancelScheduleCommand = defineCommand({
  name: 'cancel',
  description: 'Cancel a scheduled message before it goes out',
  args: [arg('<id>', 'the schedule id `send schedule` printed (agendamento_id)')],
  extension: '/api/create-message with `cancelarAgendamento`',
  examples: [
    'chatbot schedule cancel agd_1a2b3c4d5e6f7a8b',
    'id=$(chatbot send schedule --to +5581989769960 --in 1h -m Oi --json | jq -r .agendamento_id) && chatbot schedule cancel "$id"',
  ],
});
