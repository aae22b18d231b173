// A chat message both ways as terminal lines: when (in the profile's time zone), which way and with whom, its kind,
// what it says, its id; a carousel's cards and the app's display limits it breaks on the lines below.
import type { ChalkInstance } from 'chalk';
import { clean, describeContent, quoted } from '../../../../listen/content.js';
import type { ChatMessage, PendingSchedule } from '../../../../api/emulator-control.js';
import { describeSent } from './sent-content.js';
import { localTime } from '../../../shared/local-time.js';

export { localTime };

export interface LineOptions {
  style: ChalkInstance;
  timeZone: string;
  /** `date-time` (a listing) or `time` (a live stream). */
  clock: 'date-time' | 'time';
}

const GROUP = /@g\.us$/;
const WHO_WIDTH = 16;
const KIND_WIDTH = 9;

/** `→ contact` for what the device sent, `← contact (name) in group` for what a contact sent. */
function who(message: ChatMessage): string {
  if (message.direction === 'out') return `→ ${clean(message.chat)}`;
  const name = message.nome === undefined ? '' : ` (${clean(message.nome)})`;
  const group = GROUP.test(message.chat) ? ` in ${clean(message.chat)}` : '';
  return `← ${clean(message.de ?? '?')}${name}${group}`;
}

function said(message: ChatMessage): { line: string; more: string[] } {
  if (message.direction === 'in') return { line: describeContent(message.kind, message.content), more: [] };
  const described = describeSent(message.kind, message.content);
  const scheduled = message.agendamento_id === undefined ? '' : `  (scheduled ${clean(message.agendamento_id)})`;
  return { line: described.line + scheduled, more: described.more };
}

/** The message's lines: the first says it all for most kinds; cards and display warnings follow, indented. */
export function messageLines(message: ChatMessage, options: LineOptions): string[] {
  const { style } = options;
  const time = localTime(message.timestamp, options.timeZone, options.clock);
  const arrow = who(message).padEnd(WHO_WIDTH);
  const { line, more } = said(message);
  const first = [
    style.dim(time),
    message.direction === 'out' ? style.green(arrow) : style.cyan(arrow),
    style.bold(clean(message.kind).padEnd(KIND_WIDTH)),
    line,
    style.dim(clean(message.id)),
  ].join('  ');
  const indent = ' '.repeat(time.length + 2);
  const warnings = message.avisos.map((aviso) => style.yellow(`⚠ ${clean(aviso.texto)}`));
  return [first, ...[...more, ...warnings].map((text) => `${indent}${text}`)];
}

/** A schedule still waiting: when it goes out, to whom, what it says. */
export function pendingLine(schedule: PendingSchedule, chats: readonly string[], options: LineOptions): string {
  const { style } = options;
  const file = schedule.file === null ? '' : `  ${clean(schedule.file)}`;
  return [
    style.dim(localTime(schedule.enviaEm, options.timeZone, options.clock)),
    style.yellow(`→ ${chats.map(clean).join(', ')}`.padEnd(WHO_WIDTH)),
    style.bold('scheduled'.padEnd(KIND_WIDTH)),
    `${quoted(schedule.message)}${file}`,
    style.dim(clean(schedule.id)),
  ].join('  ');
}
