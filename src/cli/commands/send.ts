// send text|story|buttons|carousel|location|poll|react|template|schedule, and otp verify.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { collect, examples, lazyAction } from '../define.js';
import { addCommands } from '../command.js';
import { Context, type GlobalOptions } from '../context.js';
import { sendExtensionCommands } from './send-extensions.js';

const basic = () => import('../actions/send-basic.js');
const rich = () => import('../actions/send-rich.js');
const scheduled = () => import('../actions/send-schedule.js');
const otp = () => import('../actions/send-otp.js');

const TO = 'recipient: phone number in international format (+5581989769960) or group id (…@g.us)';

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

/** The flags shared by `send text --batch` and `send template --batch`. */
function batchFlags(command: Command): Command {
  return command
    .option('--batch <file>', 'send one message per row of a CSV or NDJSON file; - reads stdin')
    .option('--format <csv|ndjson>', 'format of the --batch input (default: from the file extension)')
    .option('--skip-invalid', 'send the valid rows even when some are invalid (they are listed and skipped)')
    .option('--concurrency <n>', 'requests at once, 1 to 64 (default: 4)')
    .option('--rate <per-second>', 'at most this many requests started per second')
    .option('--journal <path>', 'where each row\'s outcome is recorded (default: FILE.journal)')
    .option('--resume', 'continue a batch from its journal: rows already sent are skipped')
    .option('--resend-unknown', 'with --resume, also send rows whose earlier outcome is unknown')
    .addHelpText('after', BATCH_HELP);
}

function registerPlainSends(send: Command, io: CliIo): void {
  examples(
    batchFlags(send.command('text').description('Send a text message, or one per row of a file with --batch')
      .option('--to <recipient>', TO)
      .option('-m, --message <text>', 'the text (with --batch: for rows without one); - reads it from stdin'))
      .action(lazyAction(io, basic, 'sendText')),
    [
      'chatbot send text --to +5581989769960 --message "Olá!"',
      'echo "Relatório pronto" | chatbot send text --to +5581989769960 --message -',
      'chatbot send text --batch clientes.csv --concurrency 8 --rate 20',
      'chatbot send text --batch clientes.csv --resume',
    ],
  );
  examples(
    send.command('story').alias('status').description('Post a status (story): text, or an image or video by URL')
      .option('-m, --message <text>', 'text of a text status, or caption of a media status; - reads stdin')
      .option('--file <url>', 'http(s) URL of an image or video (.mp4, .mov … mean video)')
      .option('--background <#RRGGBB>', 'background colour of a text status; quote it ("#1E90FF") or leave out the #')
      .action(lazyAction(io, basic, 'postStory')),
    [
      'chatbot send story --message "Bom dia!" --background "#1E90FF"',
      'chatbot send story --file https://example.com/promo.mp4 --message "Novidade"',
    ],
  );
  examples(
    send.command('location').description('Send a location by latitude and longitude')
      .option('--to <recipient>', TO)
      .option('--lat <latitude>', 'latitude in decimal degrees, -90 to 90')
      .option('--lng <longitude>', 'longitude in decimal degrees, -180 to 180')
      .option('-m, --message <text>', 'text sent with the location; - reads stdin')
      .action(lazyAction(io, basic, 'sendLocation')),
    ['chatbot send location --to +5581989769960 --lat -8.0476 --lng -34.8770 --message "Marco Zero"'],
  );
  examples(
    send.command('react').description('React to a message with an emoji, or remove the reaction')
      .option('--to <recipient>', TO)
      .option('--id <message-id>', 'id of the message reacted to')
      .option('--emoji <emoji>', 'exactly one emoji')
      .option('--remove', 'remove the reaction instead')
      .action(lazyAction(io, basic, 'sendReaction')),
    [
      'chatbot send react --to +5581989769960 --id 3EB0C431D2A1 --emoji 👍',
      'chatbot send react --to +5581989769960 --id 3EB0C431D2A1 --remove',
    ],
  );
}

function registerRichSends(send: Command, io: CliIo): void {
  examples(
    send.command('buttons').description('Send a message with reply, link or call buttons')
      .option('--to <recipient>', TO)
      .option('-m, --message <text>', 'the main text; - reads stdin')
      .option('--button <TYPE:TEXT[:ACTION]>', 'repeat per button: reply:TEXT, url:TEXT:https://…, call:TEXT:+55…', collect)
      .option('--header <title>', 'header title')
      .option('--footer <text>', 'footer text')
      .action(lazyAction(io, rich, 'sendButtons')),
    [
      'chatbot send buttons --to +5581989769960 --message "Confirma?" --button reply:Sim --button reply:Não',
      'chatbot send buttons --to +5581989769960 --message "Fale conosco" --button url:Site:https://example.com --button call:Ligar:+5581989769960',
    ],
  );
  examples(
    send.command('carousel').description('Send a carousel of cards, each with an image, texts and buttons')
      .option('--to <recipient>', TO)
      .option('-m, --message <text>', 'text above the cards; - reads stdin')
      .option('--cards <file>', 'JSON array of cards {image_url, title, subtitle?, description?, buttons}; - reads stdin')
      .option('--footer <text>', 'footer below the carousel')
      .action(lazyAction(io, rich, 'sendCarousel')),
    ['chatbot send carousel --to +5581989769960 --message "Ofertas" --cards cards.json',
      'cat cards.json | chatbot send carousel --to +5581989769960 --message "Ofertas" --cards -'],
  );
  examples(
    send.command('poll').description('Send a poll with 2 to 12 distinct options (the device must be connected)')
      .option('--to <recipient>', TO)
      .option('--question <text>', 'the question; - reads stdin')
      .option('--option <text>', 'repeat per option (2 to 12, no repeats)', collect)
      .option('--multiple', 'allow several options to be chosen (default: one)')
      .action(lazyAction(io, rich, 'sendPoll')),
    ['chatbot send poll --to +5581989769960 --question "Melhor dia?" --option Sábado --option Domingo'],
  );
  examples(
    batchFlags(send.command('template')
      .description('Send a template with its variables filled in, or one per row of a file with --batch')
      .option('--to <recipient>', TO)
      .option('--template <id>', 'template ID')
      .option('--var <KEY=VALUE>', 'repeat per variable; split at the first = (with --batch: for rows without it)', collect))
      .action(lazyAction(io, rich, 'sendTemplate')),
    [
      'chatbot send template --to +5581989769960 --template boas-vindas --var nome=Ana --var pedido=1234',
      'chatbot send template --batch pedidos.csv --template boas-vindas   # columns: to,nome,pedido',
    ],
  );
}

function registerSchedule(send: Command, io: CliIo): void {
  const command = send.command('schedule').description('Schedule a message, optionally with a media file, for later')
    .option('--to <recipient>', `${TO}; repeat for several`, collect)
    .option('--at <time>', '"YYYY-MM-DD HH:MM:SS" on the service\'s clock, or ISO 8601 with an offset')
    .option('--in <duration>', 'from now: 30s, 10m, 2h, 1d, 1h30m …')
    .option('-m, --message <text>', 'message text; - reads stdin')
    .option('--file <url>', 'http(s) URL of a media file to send with it')
    .option('--filename <name>', 'file name shown for --file')
    .addHelpText('after', SCHEDULE_HELP)
    .action(lazyAction(io, scheduled, 'scheduleMessage'));
  examples(command, [
    'chatbot send schedule --to +5581989769960 --at "2030-06-01 09:00:00" --message "Bom dia!"',
    'chatbot send schedule --to +5581989769960 --to +5511987654321 --in 2h --message "Lembrete"',
    'chatbot send schedule --to +5581989769960 --at 2030-06-01T12:00:00Z --message "Relatório" --file https://example.com/r.pdf --filename r.pdf',
  ]);
}

export function registerSend(program: Command, io: CliIo): void {
  const send = program.command('send')
    .description('Send messages: text, status, buttons, carousel, location, poll, reaction, template, scheduled, media, reply');
  registerPlainSends(send, io);
  registerRichSends(send, io);
  registerSchedule(send, io);
  addCommands(send, sendExtensionCommands, (command) => new Context(command.optsWithGlobals<GlobalOptions>(), io));

  const verify = program.command('otp').description('Check one-time passwords (OTP) sent to a phone number');
  examples(
    verify.command('verify').description('Check an OTP code: exit 0 when valid, 3 when invalid or expired')
      .option('--to <phone>', 'phone number in international format the code was sent to')
      .option('--code <code>', 'the code to check')
      .action(lazyAction(io, otp, 'verifyOtp')),
    [
      'chatbot otp verify --to +5581989769960 --code 123456',
      'chatbot otp verify --to +5581989769960 --code "$CODE" && echo ok',
    ],
  );
}
