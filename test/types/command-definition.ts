// Type-level test, checked by `tsc --noEmit` in `npm test` (not run by vitest): a command's definition types its
// handler's input, and a flag or handler that does not match is a compile error. Each @ts-expect-error line fails
// the type-check if the error it expects stops happening.
import { defineCommand, lazy, type InputOf } from '../../src/cli/command.js';
import { arg, flag } from '../../src/cli/flags.js';
import type { Context } from '../../src/cli/context.js';
import { port } from '../../src/cli/flag-parsers.js';

const serve = defineCommand({
  name: 'serve',
  description: 'a command for the type test',
  args: [arg('<name>', 'one word'), arg('<state>', 'on or off', ['on', 'off'])],
  flags: {
    port: flag.parsed('port', 'port to listen on', port, { default: 8080 }),
    host: flag.text('host', 'address'),
    yes: flag.on('do not ask', { short: 'y' }),
    wait: flag.off('do not wait'),
    tag: flag.many('tag', 'repeatable'),
    kind: flag.oneOf('kind', 'which kind', ['chat', 'grupo'], { required: true }),
  },
  examples: ['chatbot serve web on'],
});

async function handleServe(_ctx: Context, { args, opts }: InputOf<typeof serve>): Promise<void> {
  const port: number = opts.port;
  const host: string | undefined = opts.host;
  const yes: true | undefined = opts.yes;
  const wait: boolean = opts.wait;
  const tags: string[] | undefined = opts.tag;
  const kind: 'chat' | 'grupo' = opts.kind;
  const [name, state] = args;
  const word: string = name;
  const onOff: 'on' | 'off' = state;
  // @ts-expect-error a flag the definition does not declare (renamed or never there)
  const renamed = opts.listenPort;
  // @ts-expect-error an optional flag is not a plain string
  const sure: string = opts.host;
  await Promise.resolve([port, host, yes, wait, tags, kind, word, onOff, renamed, sure]);
}

async function handleOther(_ctx: Context, { opts }: { opts: { other: string } }): Promise<void> {
  await Promise.resolve(opts.other);
}

const handlers = { handleServe, handleOther };
const load = () => Promise.resolve(handlers);

export const bound = lazy(serve, load, 'handleServe');
// @ts-expect-error a handler name the module does not export (renamed or misspelt)
export const misspelt = lazy(serve, load, 'handleServer');
// @ts-expect-error a handler whose input does not match the command's flags
export const mismatched = lazy(serve, load, 'handleOther');

// The global options are one definition too: `ctx.options` is typed from it.
export function readGlobals(ctx: Context): unknown[] {
  const timeout: number = ctx.options.timeout;
  const json: true | undefined = ctx.options.json;
  const input: boolean = ctx.options.input;
  const profile: string | undefined = ctx.options.profile;
  // @ts-expect-error a global flag the definition does not declare (renamed or never there)
  const renamed = ctx.options.baseURL;
  // @ts-expect-error an optional global flag is not a plain string
  const appkey: string = ctx.options.appkey;
  return [timeout, json, input, profile, renamed, appkey];
}
