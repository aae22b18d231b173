// The import rules of src, checked by `npm run lint` (depcruise src): no import cycle anywhere (type-only imports
// count: a cycle of types is still two modules that cannot be read one without the other), and the layers import
// one way. test/lint/import-rules.test.ts runs this file on fixtures, so that a rule which stops catching anything
// fails a test.
const { builtinModules } = require('node:module');

/** A Node built-in as dependency-cruiser names it (`crypto`, `fs/promises`: it drops the `node:` prefix). */
const NODE_BUILTIN = `^(node:)?(${builtinModules.map((name) => name.replace(/[/.]/g, '[$&]')).join('|')})$`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Imports run one way: a module never reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'emulator-stands-alone',
      comment:
        "The emulator shares no logic with the CLI: it imports nothing outside src/emulator but the duration grammar of the tool's own inputs (src/duration.ts, see duration-grammar-is-a-leaf).",
      severity: 'error',
      from: { path: '^src/emulator/' },
      to: { path: '^src/', pathNot: '^src/(emulator/|duration[.]ts$)' },
    },
    {
      name: 'duration-grammar-is-a-leaf',
      comment:
        "src/duration.ts, the one module both halves import, reads a format of the tool's own inputs (500ms, 90s, 1h30m) and imports nothing, so no logic of either half reaches the other through it.",
      severity: 'error',
      from: { path: '^src/duration[.]ts$' },
      to: {},
    },
    {
      name: 'only-the-cli-starts-the-emulator',
      comment:
        "Of the CLI, only its commands (emulator start, demo, test) load the emulator; the rest may read the control API's types and use its client (control/client.ts, which loads nothing: control-client-loads-nothing).",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(emulator|cli/commands)/' },
      to: { path: '^src/emulator/', pathNot: '^src/emulator/control/(types|client)[.]ts$' },
    },
    {
      name: 'control-client-loads-nothing',
      comment:
        "The control API's one client (src/emulator/control/client.ts), used by the CLI, the library entry and the page, imports the control API's types as types and nothing else: it runs in the browser and on the CLI's start-up path alike.",
      severity: 'error',
      from: { path: '^src/emulator/control/client[.]ts$' },
      to: { pathNot: '^src/emulator/control/types[.]ts$' },
    },
    {
      name: 'control-client-reads-types-as-types',
      comment: 'The control client reads control/types.ts as types: whatever that module holds at run time stays out.',
      severity: 'error',
      from: { path: '^src/emulator/control/client[.]ts$' },
      to: { path: '^src/emulator/control/types[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'control-types-as-types-only',
      comment: "The control API's types (src/emulator/control/types.ts) are imported as types: they load nothing.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(emulator|cli/commands)/' },
      to: { path: '^src/emulator/control/types[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'layers-below-the-cli',
      comment: 'The api client, config, output, listen and the shared top-level modules never import the CLI.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|emulator)/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'command-folders-stand-alone',
      comment: "A command folder imports no other's: what two folders need lives in src/cli/shared.",
      severity: 'error',
      from: { path: '^src/cli/commands/([^/]+)/' },
      to: { path: '^src/cli/commands/', pathNot: '^src/cli/commands/$1/' },
    },
    {
      name: 'shared-serves-commands',
      comment: 'src/cli/shared holds helpers for commands and never imports one.',
      severity: 'error',
      from: { path: '^src/cli/shared/' },
      to: { path: '^src/cli/commands/' },
    },
    {
      name: 'framework-reaches-commands-through-the-registry',
      comment: "The CLI's framework (src/cli/*.ts) knows the command folders only through command-registry.ts.",
      severity: 'error',
      from: { path: '^src/cli/[^/]+[.]ts$', pathNot: '^src/cli/command-registry[.]ts$' },
      to: { path: '^src/cli/commands/' },
    },
    {
      name: 'emulator-lower-layers-stay-below',
      comment:
        "Inside the emulator calls go down: the store, the webhook delivery queue, the service's rules and the live stream (store/, delivery/, rules/, live/) import nothing of the layers above them (http/, control/, instruments/, operations/, openapi/, console/, testing/, index.ts) but what every layer shares: the answer model (http/reply.ts, pages.ts, open-reply.ts) and the control API's types (control/types.ts).",
      severity: 'error',
      from: { path: '^src/emulator/(store|delivery|rules|live)/' },
      to: {
        path: '^src/emulator/((http|control|instruments|operations|openapi|console|testing)/|index[.]ts$)',
        pathNot: '^src/emulator/(http/(reply|pages|open-reply)|control/types)[.]ts$',
      },
    },
    {
      name: 'emulator-middle-layer-below-http',
      comment:
        "The layer that http/ dispatches to (control/, instruments/, operations/, openapi/, console/) never calls the HTTP layer back (the answer model aside), nor the emulator's entry (index.ts) or the library around it (testing/).",
      severity: 'error',
      from: { path: '^src/emulator/(control|instruments|operations|openapi|console)/' },
      to: {
        path: '^src/emulator/(http/|testing/|index[.]ts$)',
        pathNot: '^src/emulator/http/(reply|pages|open-reply)[.]ts$',
      },
    },
    {
      name: 'console-page-fenced',
      comment:
        "The console's page runs in the browser: it imports its own files, preact, and of the rest only the shared modules that are safe there (the control API's types and client, the deep link, the recipients' rules, wall-clock times in a zone, the named errors).",
      severity: 'error',
      from: { path: '^src/emulator/console/page/' },
      to: {
        pathNot:
          '^src/emulator/(console/page/|console/deep-link[.]ts$|control/(types|client)[.]ts$|rules/recipients[.]ts$|rules/zoned-time[.]ts$|instruments/faults/named-errors[.]ts$)|(^|/)node_modules/preact/',
      },
    },
    {
      name: 'console-page-control-types-as-types',
      comment:
        "The page reads the control API's types (control/types.ts) as types: the server's modules stay out of its bundle.",
      severity: 'error',
      from: { path: '^src/emulator/console/page/' },
      to: { path: '^src/emulator/control/types[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'console-page-reaches-no-node-builtin',
      comment:
        'Nothing the page loads, itself or through a shared module, is a Node built-in (node:fs, node:http, …): the browser has none.',
      severity: 'error',
      from: { path: '^src/emulator/console/page/' },
      to: { path: NODE_BUILTIN, reachable: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
