// send text|story|buttons|carousel|location|poll|react|template|schedule, and otp verify.
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { flag } from '../flags.js';
import { sendExtensionCommands } from './send-extensions.js';
import { BATCH, TO } from './send-flags.js';

const basic = () => import('../actions/send-basic.js');
const rich = () => import('../actions/send-rich.js');
const scheduled = () => import('../actions/send-schedule.js');
const otp = () => import('../actions/send-otp.js');

const SCHEDULE_HELP = `
Time:
  --at "YYYY-MM-DD HH:MM:SS"      the service's own clock; sent as written
  --at 2030-06-01T14:30:00-03:00  ISO 8601 with Z or an offset; converted into the service's zone
  --in 30s|10m|2h|1d|1h30m        from now; converted into the service's zone
  The service's zone is the profile setting \`chatbot config set timezone ZONE\` (env CHATBOT_TIMEZONE;
  default America/Sao_Paulo). It also decides whether a time is still in the future. A time the zone's
  clock skips at a DST change is refused; one it shows twice is sent with a warning.
`;

const BATCH_HELP = `
Batch (--batch FILE, or - for stdin with --format and --journal):
  Rows come from CSV with a header (comma, semicolon or tab separated) or NDJSON, one object per line.
  Every row is checked first; invalid rows are listed by line and nothing is sent unless --skip-invalid.
  The journal (default FILE.journal) records each row as it goes: after a crash or Ctrl-C, run the same
  command with --resume to send only what is left. Rows whose outcome is unknown (in flight at a crash)
  are not sent again unless --resend-unknown, since a resend could reach a person twice.
  Exit 0 only when every row was sent; 6 when some failed, were skipped or are unknown; 130 on Ctrl-C.
`;

const to = flag.text('recipient', TO);

export const sendTextCommand = defineCommand({
  name: 'text',
  description: 'Send a text message, or one per row of a file with --batch',
  flags: {
    to,
    message: flag.text('text', 'the text (with --batch: for rows without one); - reads it from stdin', { short: 'm' }),
    ...BATCH,
  },
  helpAfter: BATCH_HELP,
  examples: [
    'chatbot send text --to +5581989769960 --message "Olá!"',
    'echo "Relatório pronto" | chatbot send text --to +5581989769960 --message -',
    'chatbot send text --batch clientes.csv --concurrency 8 --rate 20',
    'chatbot send text --batch clientes.csv --resume',
  ],
});

export const postStoryCommand = defineCommand({
  name: 'story',
  aliases: ['status'],
  description: 'Post a status (story): text, or an image or video by URL',
  flags: {
    message: flag.text('text', 'text of a text status, or caption of a media status; - reads stdin', { short: 'm' }),
    file: flag.text('url', 'http(s) URL of an image or video (.mp4, .mov … mean video)'),
    background: flag.text('#RRGGBB', 'background colour of a text status; quote it ("#1E90FF") or leave out the #'),
  },
  examples: [
    'chatbot send story --message "Bom dia!" --background "#1E90FF"',
    'chatbot send story --file https://example.com/promo.mp4 --message "Novidade"',
  ],
});

export const sendLocationCommand = defineCommand({
  name: 'location',
  description: 'Send a location by latitude and longitude',
  flags: {
    to,
    lat: flag.text('latitude', 'latitude in decimal degrees, -90 to 90'),
    lng: flag.text('longitude', 'longitude in decimal degrees, -180 to 180'),
    message: flag.text('text', 'text sent with the location; - reads stdin', { short: 'm' }),
  },
  examples: ['chatbot send location --to +5581989769960 --lat -8.0476 --lng -34.8770 --message "Marco Zero"'],
});

export const sendReactionCommand = defineCommand({
  name: 'react',
  description: 'React to a message with an emoji, or remove the reaction',
  flags: {
    to,
    id: flag.text('message-id', 'id of the message reacted to'),
    emoji: flag.text('emoji', 'exactly one emoji'),
    remove: flag.on('remove the reaction instead'),
  },
  examples: [
    'chatbot send react --to +5581989769960 --id 3EB0C431D2A1 --emoji 👍',
    'chatbot send react --to +5581989769960 --id 3EB0C431D2A1 --remove',
  ],
});

export const sendButtonsCommand = defineCommand({
  name: 'buttons',
  description: 'Send a message with reply, link or call buttons',
  flags: {
    to,
    message: flag.text('text', 'the main text; - reads stdin', { short: 'm' }),
    button: flag.many('TYPE:TEXT[:ACTION]', 'repeat per button: reply:TEXT, url:TEXT:https://…, call:TEXT:+55…'),
    header: flag.text('title', 'header title'),
    footer: flag.text('text', 'footer text'),
  },
  examples: [
    'chatbot send buttons --to +5581989769960 --message "Confirma?" --button reply:Sim --button reply:Não',
    'chatbot send buttons --to +5581989769960 --message "Fale conosco" --button url:Site:https://example.com --button call:Ligar:+5581989769960',
  ],
});

export const sendCarouselCommand = defineCommand({
  name: 'carousel',
  description: 'Send a carousel of cards, each with an image, texts and buttons',
  flags: {
    to,
    message: flag.text('text', 'text above the cards; - reads stdin', { short: 'm' }),
    cards: flag.text('file', 'JSON array of cards {image_url, title, subtitle?, description?, buttons}; - reads stdin'),
    footer: flag.text('text', 'footer below the carousel'),
  },
  examples: [
    'chatbot send carousel --to +5581989769960 --message "Ofertas" --cards cards.json',
    'cat cards.json | chatbot send carousel --to +5581989769960 --message "Ofertas" --cards -',
  ],
});

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

export const sendTemplateCommand = defineCommand({
  name: 'template',
  description: 'Send a template with its variables filled in, or one per row of a file with --batch',
  flags: {
    to,
    template: flag.text('id', 'template ID'),
    var: flag.many('KEY=VALUE', 'repeat per variable; split at the first = (with --batch: for rows without it)'),
    ...BATCH,
  },
  helpAfter: BATCH_HELP,
  examples: [
    'chatbot send template --to +5581989769960 --template boas-vindas --var nome=Ana --var pedido=1234',
    'chatbot send template --batch pedidos.csv --template boas-vindas   # columns: to,nome,pedido',
  ],
});

export const scheduleMessageCommand = defineCommand({
  name: 'schedule',
  description: 'Schedule a message, optionally with a media file, for later',
  flags: {
    to: flag.many('recipient', `${TO}; repeat for several`),
    at: flag.text('time', '"YYYY-MM-DD HH:MM:SS" on the service\'s clock, or ISO 8601 with an offset'),
    in: flag.text('duration', 'from now: 30s, 10m, 2h, 1d, 1h30m …'),
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

export const verifyOtpCommand = defineCommand({
  name: 'verify',
  description: 'Check an OTP code: exit 0 when valid, 3 when invalid or expired',
  flags: {
    to: flag.text('phone', 'phone number in international format the code was sent to'),
    code: flag.text('code', 'the code to check'),
  },
  examples: [
    'chatbot otp verify --to +5581989769960 --code 123456',
    'chatbot otp verify --to +5581989769960 --code "$CODE" && echo ok',
  ],
});

export const sendCommands: Node[] = [
  defineGroup({
    name: 'send',
    description:
      'Send messages: text, status, buttons, carousel, location, poll, reaction, template, scheduled, media, reply',
    commands: [
      lazy(sendTextCommand, basic, 'sendText'),
      lazy(postStoryCommand, basic, 'postStory'),
      lazy(sendLocationCommand, basic, 'sendLocation'),
      lazy(sendReactionCommand, basic, 'sendReaction'),
      lazy(sendButtonsCommand, rich, 'sendButtons'),
      lazy(sendCarouselCommand, rich, 'sendCarousel'),
      lazy(sendPollCommand, rich, 'sendPoll'),
      lazy(sendTemplateCommand, rich, 'sendTemplate'),
      lazy(scheduleMessageCommand, scheduled, 'scheduleMessage'),
      ...sendExtensionCommands,
    ],
  }),
  defineGroup({
    name: 'otp',
    description: 'Check one-time passwords (OTP) sent to a phone number',
    commands: [lazy(verifyOtpCommand, otp, 'verifyOtp')],
  }),
];
