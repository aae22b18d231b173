// The conversation file format as the runner reads it, after schemas/conversation-test.schema.json has checked it:
// the types mirror that schema (YAML in, these out).

export type Duration = string | number;

/** Exact text, a substring, or a regular expression. */
export type TextMatch = string | { contains: string } | { matches: string; flags?: string };

export const MESSAGE_KINDS = [
  'text',
  'buttons',
  'poll',
  'carousel',
  'location',
  'media',
  'template',
  'reply',
  'reaction',
  'schedule',
] as const;

export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type MediaType = 'image' | 'video' | 'audio' | 'document';

/** What the bot is expected to send next, as written (a string is a text, exactly). */
export interface ExpectationSpec {
  kind?: MessageKind;
  text?: TextMatch;
  buttons?: string[];
  options?: string[];
  multiple?: boolean;
  cards?: number;
  media?: { type?: MediaType; fileName?: TextMatch };
  emoji?: string;
  quotes?: TextMatch;
  /** How long the bot has: the step's `within`, written inside `expect` (moved to the step when the file is read). */
  within?: Duration;
}

export interface StepSpec {
  say?: string;
  click?: string;
  vote?: string | string[];
  react?: string;
  reply?: string;
  location?: { latitude: number; longitude: number; text?: string };
  media?: { url: string; fileName?: string; type?: MediaType; caption?: string };
  expect?: string | ExpectationSpec;
  nothing?: Duration;
  advance?: Duration;
  wait?: Duration;
  webhook?: 'delivered';
  from?: string;
  quoting?: TextMatch;
  within?: Duration;
}

export interface ConversationSpec {
  name: string;
  device?: string;
  contact?: string | { name?: string };
  group?: { title?: string; members: string[] };
  clock?: string;
  /** Under --load: this conversation's share of the contacts (default 1). */
  weight?: number;
  steps: StepSpec[];
}

/** A file's `load:` section: how `chatbot test --load` runs it when its flags do not say. */
export interface LoadSpec {
  arrival?: string;
  contacts?: number;
}

export interface TemplateSpec {
  id: string;
  text: string;
  buttons?: string[];
}

export interface FileSpec {
  device?: string;
  load?: LoadSpec;
  templates?: TemplateSpec[];
  conversations: ConversationSpec[];
}

/** One conversation to run, with where it was written. */
export interface Conversation {
  /** The file as given on the command line (or found under a directory given). */
  file: string;
  /** Its position in the file, from 0. */
  index: number;
  /** The line of each step in the file, for reports. */
  stepLines: number[];
  spec: ConversationSpec;
  /** The device's appkey: the conversation's, the file's, or --appkey (on a running emulator, a device's name becomes its appkey). */
  device: string;
}

/** Everything a run reads from its files. */
export interface Suite {
  conversations: Conversation[];
  /** Templates by id, with the file that declared each first. */
  templates: Map<string, TemplateSpec & { file: string }>;
  /** Every file read, in order (also those whose conversations --grep left out). */
  files: string[];
  /** What the files let pass but is likely a mistake (`file:line: …`): a conversation that checks nothing. */
  warnings: string[];
  /** The first `load:` section of the files, with its file. */
  load?: LoadSpec & { file: string };
}

/** The contact actions: steps a contact (or a group member) does. */
export const CONTACT_ACTIONS = ['say', 'click', 'vote', 'react', 'reply', 'location', 'media'] as const;

/** Every step's action, in the order a step is described by. */
export const ACTIONS = [...CONTACT_ACTIONS, 'expect', 'nothing', 'advance', 'wait', 'webhook'] as const;

export type Action = (typeof ACTIONS)[number];

/** The one action a (checked) step does. */
export function actionOf(step: StepSpec): Action {
  const action = ACTIONS.find((key) => step[key] !== undefined);
  if (action === undefined) throw new Error('a step without an action passed the schema');
  return action;
}

/** Whether the conversation moves the emulator's clock, so that it must run alone. */
export function movesClock(spec: ConversationSpec): boolean {
  return spec.clock !== undefined || spec.steps.some((step) => step.advance !== undefined);
}
