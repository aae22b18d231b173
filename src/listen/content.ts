// What an event says, in a few words per kind: the text, the chosen option, the place, the votes, the emoji.

type Fields = Record<string, unknown>;

const MAX_TEXT = 300;

// C0 and C1 control characters. Matching them is the point, so the pattern is a string (no-control-regex rejects
// them in a regex literal, where they are usually a mistake).
const CONTROL_CHARS = '[\\u0000-\\u001f\\u007f-\\u009f]';
const CONTROL = new RegExp(CONTROL_CHARS, 'g');

/** Removes terminal control characters: event fields come from strangers and must not drive the terminal. */
export function clean(value: string): string {
  return value.replace(CONTROL, '?');
}

/** A string field, or undefined when absent or not text. */
export function text(fields: Fields, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** Quoted like JSON (control characters escaped), shortened past MAX_TEXT characters. */
export function quoted(value: string): string {
  const chars = Array.from(value);
  const short = chars.length > MAX_TEXT ? `${chars.slice(0, MAX_TEXT).join('')}…` : value;
  return JSON.stringify(short);
}

function optionName(option: unknown): string | undefined {
  if (typeof option === 'string') return option;
  if (option !== null && typeof option === 'object')
    return text(option as Fields, 'texto', 'nome', 'name', 'opcao', 'id');
  return undefined;
}

function describeText(fields: Fields): string {
  const message = text(fields, 'mensagem', 'message', 'texto');
  return message === undefined ? '(no text)' : quoted(message);
}

function describeButton(fields: Fields): string {
  const option = fields.opcao;
  const label = optionName(option) ?? text(fields, 'mensagem');
  const id = option !== null && typeof option === 'object' ? text(option as Fields, 'id') : undefined;
  if (label === undefined) return 'clicked (option not given)';
  return `clicked ${quoted(label)}${id !== undefined && id !== label ? ` (id ${clean(id)})` : ''}`;
}

function describeLocation(fields: Fields): string {
  const latitude = text(fields, 'latitude', 'lat');
  const longitude = text(fields, 'longitude', 'lng', 'lon');
  const place =
    latitude !== undefined && longitude !== undefined ? `${clean(latitude)}, ${clean(longitude)}` : '(no coordinates)';
  const map = text(fields, 'mapa', 'map');
  const message = text(fields, 'mensagem', 'message');
  return [place, map === undefined ? undefined : clean(map), message === undefined ? undefined : quoted(message)]
    .filter((part) => part !== undefined)
    .join('  ');
}

function describePollVote(fields: Fields): string {
  const question = text(fields, 'pergunta', 'question', 'enquete', 'mensagem');
  const raw = Array.isArray(fields.opcoes) ? fields.opcoes : fields.opcao === undefined ? [] : [fields.opcao];
  const chosen = raw.map(optionName).filter((name): name is string => name !== undefined);
  const votes = chosen.length === 0 ? '(vote withdrawn)' : chosen.map(quoted).join(', ');
  return question === undefined ? `voted ${votes}` : `${quoted(question)} → ${votes}`;
}

function describeReaction(fields: Fields): string {
  const emoji = text(fields, 'emoji', 'reacao');
  const target = text(fields, 'idMensagemOriginal', 'idMensagemReagida', 'messageId');
  const on = target === undefined ? '' : ` on ${clean(target)}`;
  if (emoji === undefined || emoji === 'remove' || fields.removida === true) return `reaction removed${on}`;
  return `${clean(emoji)}${on}`;
}

function describeOther(fields: Fields): string {
  const message = text(fields, 'mensagem', 'message');
  const schedule = text(fields, 'idAgendamento', 'agendamento_id');
  const parts = [
    message === undefined ? undefined : quoted(message),
    schedule === undefined ? undefined : `schedule ${clean(schedule)}`,
  ];
  const said = parts.filter((part) => part !== undefined).join('  ');
  return said === '' ? `fields: ${Object.keys(fields).map(clean).join(', ')}` : said;
}

const DESCRIBERS: Readonly<Record<string, (fields: Fields) => string>> = {
  text: describeText,
  button: describeButton,
  location: describeLocation,
  poll_vote: describePollVote,
  reaction: describeReaction,
};

/** The content of an event of kind `evento`; kinds beyond the documented five show their message, if any. */
export function describeContent(evento: string | undefined, fields: Fields): string {
  const describe = evento !== undefined && Object.hasOwn(DESCRIBERS, evento) ? DESCRIBERS[evento] : undefined;
  return (describe ?? describeOther)(fields);
}
