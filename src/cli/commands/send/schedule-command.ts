// send schedule: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { TO } from './flags.js';
import { DURATION_EXAMPLES } from '../../../duration.js';

const SCHEDULE_HELP = `
Time:
  --at "YYYY-MM-DD HH:MM:SS"      the service's own clock; sent as written
  --at 2030-06-01T14:30:00-03:00  ISO 8601 with Z or an offset; converted into the service's zone
  --in 30s|10m|2h|1d|1h30m        from now; converted into the service's zone
  The service's zone is the profile setting \`chatbot config set timezone ZONE\` (env CHATBOT_TIMEZONE;
  default America/Sao_Paulo). It also decides whether a time is still in the future. A time the zone's
  clock skips at a DST change is refused; one it shows twice is sent with a warning.
`;

export const scheduleMessageCommand = defineCommand({
  name: 'schedule',
  description: 'Schedule a message, optionally with a media file, for later',
  flags: {
    to: flag.many('recipient', `${TO}; repeat for several`),
    at: flag.text('time', '"YYYY-MM-DD HH:MM:SS" on the service\'s clock, or ISO 8601 with an offset'),
    in: flag.text('duration', `from now: ${DURATION_EXAMPLES}`),
    message: flag.text('text', 'message text; - reads stdin', { short: 'm' }),
    file: flag.text('url', 'http(s) URL of a media file to send with it'),
    filename: flag.text('name', 'file name shown for --file'),
  },
  helpAfter: SCHEDULE_HELP,
  examples: [
    'chatbot send schedule --to +5581989769960 --at "2030-06-01 09:00:00" --message "Bom dia!"',
    'chatbot send schedule --to +5581989769960 --to +5511987654321 --in 2h --message "Lembrete"',
    'chatbot send schedule --to +5581989769960 --at 2030-06-01T12:00:00Z --message "Relatório" --file https://example.com/r.pdf --filename r.pdf',
  ],
});
