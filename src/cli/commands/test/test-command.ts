// test: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';
import { count, port, seconds } from '../../flag-parsers.js';
import { durationHelp } from '../../../duration.js';
import { DEFAULT_EMULATOR_PORT } from '../../../defaults.js';

export const REPORTERS = ['default', 'tap', 'junit', 'json', 'github'] as const;

export const testCommand = defineCommand({
  name: 'test',
  description: 'Run conversation tests (YAML files) against your bot, on an emulator this run starts or one running',
  args: [arg('[paths...]', 'conversation files, or directories of them (default: ./conversations)')],
  flags: {
    botUrl: flag.text('url', "your bot's webhook URL: each device's webhook is pointed at it"),
    emulatorUrl: flag.text('url', 'use this running emulator instead of starting one'),
    port: flag.parsed('port', 'port of the emulator this run starts (0 = any free port)', port, {
      default: DEFAULT_EMULATOR_PORT,
    }),
    parallel: flag.parsed('n', 'conversations run at once', count, { default: 4 }),
    reporter: flag.oneOf('name', 'report format on stdout (default: readable; --json means json)', REPORTERS),
    junit: flag.text('file', 'also write a JUnit XML report to this file'),
    bail: flag.on('start no more conversations after one fails'),
    grep: flag.text('pattern', 'only the conversations whose name matches this regular expression'),
    stepTimeout: flag.parsed(
      'seconds',
      `how long the bot has for each expectation without \`within\` (${durationHelp('seconds')})`,
      seconds,
      { default: 5 },
    ),
    load: flag.on('run the conversations as a load test: many new contacts at once, answer times, thresholds'),
    arrival: flag.text(
      'phases',
      'with --load: contacts per second, in phases (default 10/s:10s), e.g. 5/s:30s,50/s:60s',
    ),
    contacts: flag.parsed('n', 'with --load: how many contacts in all', count),
    redeliver: flag.text('share', 'with --load: deliver this share of the events twice (idempotency check), e.g. 5%'),
    max: flag.text('limits', 'with --load: thresholds that fail the run, e.g. p95=2s,errors=1%,duplicates=0'),
    report: flag.text('file', 'with --load: also write an HTML report (charts, opens offline) to this file'),
  },
  helpAfter: [
    '',
    'Each conversation gets new contacts (numbers made for the run) and may take --timeout seconds (default 30).',
    "With the emulator this run starts, --bot-url is needed, and the bot's account and device are made with the keys",
    'your bot uses: --authkey/CHATBOT_AUTHKEY and the `device:` of the files (or --appkey/CHATBOT_APPKEY).',
    'Exit status: 0 when every conversation passed, 1 when one failed, 2 for a mistake in the files or flags,',
    '7 when the emulator or the bot cannot be reached. The format: docs/testing.md.',
    "A failed step's report says what the emulator saw from the bot: its requests (with why one was refused) and the",
    "webhook deliveries. --reporter github writes GitHub Actions annotations at the failing step's line.",
    '',
    'With --load, each contact is a new number running one conversation (picked by `weight`), arriving as --arrival',
    'says; the run prints answer-time percentiles, failures, refused requests, webhook deliveries and duplicate',
    'answers, and exits 1 when a --max threshold fails (default errors=0,duplicates=0). See "Campaign day" in',
    'docs/testing.md.',
    '',
  ].join('\n'),
  examples: [
    'chatbot test conversations/ --bot-url http://127.0.0.1:3000/webhook',
    'chatbot test --emulator-url http://127.0.0.1:8484 --parallel 8 --junit reports/conversations.xml',
    'chatbot test menu.yaml --bot-url http://127.0.0.1:3000/ --grep pizza --bail --reporter tap',
    'chatbot test conversations/ --bot-url http://127.0.0.1:3000/ --load --arrival 5/s:30s,50/s:60s --max p95=2s --report load.html',
  ],
});
