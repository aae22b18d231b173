// api: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

export const apiCommand = defineCommand({
  name: 'api',
  description:
    "Call any path of the service with the profile's keys and print its JSON answer: the escape hatch for operations the CLI does not model",
  args: [arg('<path>', 'the path, e.g. /api/create-message (the base URL comes from the profile or --base-url)')],
  flags: {
    field: flag.many('key=value', 'a string field (repeatable)', { short: 'f' }),
    typedField: flag.many(
      'key=value',
      'a typed field: true, false, null and numbers as JSON; @file reads a file, @- stdin (repeatable)',
      { short: 'F' },
    ),
    method: flag.oneOf('method', 'the HTTP method (default POST)', ['POST', 'GET', 'PUT']),
  },
  helpAfter: `
The fields travel as one JSON body (with GET, in the query string). authkey and appkey come from the profile
(or --authkey/--appkey, CHATBOT_AUTHKEY/CHATBOT_APPKEY) unless given as fields; --dry-run shows the request with
the keys masked. The answer is printed as the service sent it (keys masked); exit codes are those of every
command (3 auth, 4 not found, 2 usage, 7 network …).
`,
  examples: [
    'chatbot api /api/create-message -f to=+5581989769960 -f message="Olá"',
    'chatbot api /api/settings -f to=+5581989769960 -F message=false -F obterStatus=true',
    'chatbot api /api/create-message -f to=+5581989769960 -f message=nota.pdf -F file=@nota.b64',
    'chatbot api /api/v2/ia/agt_1a2b3c4d5e6f7a8b --method GET',
  ],
});
