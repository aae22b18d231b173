// user picture: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const userPictureCommand = defineCommand({
  name: 'picture',
  description: "Print the URL of a contact's or group's profile picture",
  args: [arg('<phone|group>', 'phone number in international format, or group id (…@g.us)')],
  extension: '/api/settings with `obterImagem`',
  examples: ['chatbot user picture +5581989769960', 'curl -sO "$(chatbot user picture +5581989769960)"'],
});
