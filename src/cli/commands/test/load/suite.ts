// The run's conversations: every file read and checked (the schema, then what a schema cannot say: names unique in a
// file, members named by `from`, waits no longer than a step's limit, regular expressions that compile, one text per
// template id), then those --grep selects. `within` written inside `expect: { … }` becomes the step's, and a
// conversation that checks nothing of the bot is warned about (it would pass whatever the bot does).
import { UsageError } from '../../../../errors.js';
import { durationMs } from '../durations.js';
import type { Conversation, ConversationSpec, StepSpec, Suite, TextMatch } from '../file-types.js';
import { conversationFiles } from './files.js';
import { parseConversationFile, type ParsedFile } from './parse.js';

/** The longest real wait a step may make (`wait`, `nothing`, `within`): longer waits belong to the emulator's clock. */
export const MAX_STEP_WAIT_MS = 30_000;

export interface SuiteOptions {
  /** Only conversations whose name this matches. */
  grep?: RegExp;
  /** The device of conversations that name none (--appkey, CHATBOT_APPKEY, the profile's). */
  defaultDevice?: string;
}

type At = (path: readonly (string | number)[], message: string) => UsageError;

function checkMatch(match: TextMatch | undefined, at: () => UsageError): void {
  if (match === undefined || typeof match === 'string' || !('matches' in match)) return;
  try {
    new RegExp(match.matches, match.flags);
  } catch {
    throw at();
  }
}

function checkStep(step: StepSpec, members: readonly string[] | undefined, at: (message: string) => UsageError): void {
  for (const key of ['wait', 'nothing', 'within'] as const) {
    const value = step[key];
    if (value !== undefined && durationMs(value) > MAX_STEP_WAIT_MS) {
      throw at(`\`${key}\` is at most ${MAX_STEP_WAIT_MS / 1000}s: move the emulator's clock with \`advance\` instead`);
    }
  }
  if (step.from !== undefined && !members?.includes(step.from)) {
    throw at(
      members
        ? `\`from: ${step.from}\` is not a member of the group (${members.join(', ')})`
        : '`from` names a group member, and this conversation has no group',
    );
  }
  const expectation = typeof step.expect === 'object' ? step.expect : undefined;
  const badRegex = () => at('`matches` is not a valid regular expression');
  for (const match of [expectation?.text, expectation?.quotes, expectation?.media?.fileName, step.quoting]) {
    checkMatch(match, badRegex);
  }
}

/** `within` written inside `expect: { … }` is the step's `within` (the runner reads it there); both at once is a mistake. */
function hoistWithin(step: StepSpec, at: (message: string) => UsageError): StepSpec {
  if (typeof step.expect !== 'object' || step.expect.within === undefined) return step;
  if (step.within !== undefined) throw at('`within` is given twice, beside `expect` and inside it: keep one');
  const { within, ...expectation } = step.expect;
  return { ...step, expect: expectation, within };
}

function withStepsRead(spec: ConversationSpec, index: number, at: At): ConversationSpec {
  const steps = spec.steps.map((step, stepIndex) =>
    hoistWithin(step, (message) =>
      at(['conversations', index, 'steps', stepIndex], `step ${stepIndex + 1}: ${message}`),
    ),
  );
  return { ...spec, steps };
}

/** The steps that check what the bot does: a conversation without one passes whatever the bot does. */
const CHECKS = ['expect', 'nothing', 'webhook'] as const;

function checksNothing(spec: ConversationSpec): boolean {
  return !spec.steps.some((step) => CHECKS.some((key) => step[key] !== undefined));
}

function checkConversation(spec: ConversationSpec, index: number, at: At): void {
  spec.steps.forEach((step, stepIndex) =>
    checkStep(step, spec.group?.members, (message) =>
      at(['conversations', index, 'steps', stepIndex], `step ${stepIndex + 1}: ${message}`),
    ),
  );
}

function conversationsOf(file: string, parsed: ParsedFile, options: SuiteOptions): Conversation[] {
  const at: At = (path, message) => new UsageError(`${file}:${parsed.lineOf(path)}: ${message}`);
  const names = new Set<string>();
  return parsed.spec.conversations.map((written, index) => {
    if (names.has(written.name))
      throw at(['conversations', index, 'name'], `a second conversation named "${written.name}"`);
    names.add(written.name);
    const spec = withStepsRead(written, index, at);
    checkConversation(spec, index, at);
    const device = spec.device ?? parsed.spec.device ?? options.defaultDevice;
    if (device === undefined) {
      throw at(
        ['conversations', index],
        `"${spec.name}" names no device: add \`device: <appkey>\` to it or to the file, or pass --appkey`,
      );
    }
    const stepLines = spec.steps.map((_, step) => parsed.lineOf(['conversations', index, 'steps', step]));
    return { file, index, stepLines, spec, device };
  });
}

function addTemplates(suite: Suite, file: string, parsed: ParsedFile): void {
  for (const [index, template] of (parsed.spec.templates ?? []).entries()) {
    const known = suite.templates.get(template.id);
    if (known && (known.text !== template.text || String(known.buttons) !== String(template.buttons))) {
      throw new UsageError(
        `${file}:${parsed.lineOf(['templates', index])}: template ${template.id} is also in ${known.file} with another text or buttons`,
      );
    }
    if (!known) suite.templates.set(template.id, { ...template, file });
  }
}

/** Reads every file of `paths` and returns the conversations to run; any mistake is a usage error with its line. */
export function loadSuite(paths: readonly string[], options: SuiteOptions = {}): Suite {
  const suite: Suite = { conversations: [], templates: new Map(), files: conversationFiles(paths), warnings: [] };
  for (const file of suite.files) {
    const parsed = parseConversationFile(file);
    addTemplates(suite, file, parsed);
    if (parsed.spec.load && !suite.load) suite.load = { ...parsed.spec.load, file };
    const chosen = conversationsOf(file, parsed, options).filter(
      (conversation) => options.grep?.test(conversation.spec.name) ?? true,
    );
    suite.conversations.push(...chosen);
    for (const { spec, index } of chosen.filter((conversation) => checksNothing(conversation.spec))) {
      suite.warnings.push(
        `${file}:${parsed.lineOf(['conversations', index])}: "${spec.name}" checks nothing the bot does (no \`expect\`, \`nothing\` or \`webhook\` step): it passes whatever the bot does`,
      );
    }
  }
  return suite;
}
