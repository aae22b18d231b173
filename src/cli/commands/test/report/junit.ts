// JUnit XML: one <testsuite> per file, one <testcase> per conversation; a failed expectation is a <failure>, a step
// that could not be done (the emulator refused it) an <error>, a skipped conversation <skipped/>.
import type { ConversationResult } from '../run/results.js';
import { failureDetail } from './detail.js';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an attribute or element: escaped, and without the characters XML 1.0 does not allow. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function caseBody(result: ConversationResult): string[] {
  if (result.status === 'skipped') return [`      <skipped message="${xmlText(result.skipped ?? '')}"/>`];
  const detail = failureDetail(result);
  if (!detail) return [];
  const tag = detail.step.failure?.type === 'error' ? 'error' : 'failure';
  const text = [
    detail.headline,
    ...(detail.diff.length ? ['', '- expected, + sent:', ...detail.diff] : []),
    '',
    'conversation so far:',
    ...detail.transcript,
    ...(detail.diagnosis.length ? ['', 'what the emulator saw from the bot:', ...detail.diagnosis] : []),
  ];
  return [
    `      <${tag} message="${xmlText(detail.headline)}" type="${tag === 'error' ? 'StepError' : 'ExpectationFailed'}">${xmlText(text.join('\n'))}</${tag}>`,
  ];
}

function testCase(result: ConversationResult): string[] {
  const { file, spec } = result.conversation;
  const open = `    <testcase name="${xmlText(spec.name)}" classname="${xmlText(file)}" file="${xmlText(file)}" time="${seconds(result.durationMs)}"`;
  const body = caseBody(result);
  return body.length === 0 ? [`${open}/>`] : [`${open}>`, ...body, '    </testcase>'];
}

interface Tally {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

function tally(results: readonly ConversationResult[]): Tally {
  const errorOf = (result: ConversationResult) => failureDetail(result)?.step.failure?.type === 'error';
  return {
    tests: results.length,
    failures: results.filter((result) => result.status === 'failed' && !errorOf(result)).length,
    errors: results.filter((result) => result.status === 'failed' && errorOf(result)).length,
    skipped: results.filter((result) => result.status === 'skipped').length,
    ms: results.reduce((sum, result) => sum + result.durationMs, 0),
  };
}

const counts = (t: Tally) => `tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}"`;

/** The report; `files` keeps files whose conversations all were left out by --grep out of it. */
export function junitReport(results: readonly ConversationResult[], durationMs: number): string {
  const files = [...new Set(results.map((result) => result.conversation.file))];
  const suites = files.flatMap((file) => {
    const own = results.filter((result) => result.conversation.file === file);
    const t = tally(own);
    return [
      `  <testsuite name="${xmlText(file)}" ${counts(t)} time="${seconds(t.ms)}">`,
      ...own.flatMap(testCase),
      '  </testsuite>',
    ];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="chatbot test" ${counts(tally(results))} time="${seconds(durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
