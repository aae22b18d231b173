// How reports name a step: its action and what it carries, in the file's words (`say "oi"`, `click "Cardápio"`).
import type { StepSpec } from '../file-types.js';
import { describeExpectation, describeMatch, expectationOf } from './expectations.js';

function duration(value: string | number): string {
  return typeof value === 'number' ? `${value}ms` : value;
}

function contactLabel(step: StepSpec): string | undefined {
  if (step.say !== undefined) return `say ${JSON.stringify(step.say)}`;
  if (step.click !== undefined) return `click ${JSON.stringify(step.click)}`;
  if (step.vote !== undefined) return `vote ${[step.vote].flat().join(', ')}`;
  if (step.react !== undefined) return `react ${step.react}`;
  if (step.reply !== undefined) {
    const quoting = step.quoting === undefined ? '' : ` quoting ${describeMatch(step.quoting)}`;
    return `reply ${JSON.stringify(step.reply)}${quoting}`;
  }
  if (step.location !== undefined) return `location ${step.location.latitude}, ${step.location.longitude}`;
  if (step.media !== undefined) return `media ${step.media.fileName ?? step.media.url}`;
  return undefined;
}

function botLabel(step: StepSpec): string {
  const within = step.within === undefined ? '' : ` within ${duration(step.within)}`;
  if (step.expect !== undefined) return `expect ${describeExpectation(expectationOf(step.expect))}${within}`;
  if (step.nothing !== undefined) return `nothing for ${duration(step.nothing)}`;
  if (step.advance !== undefined) return `advance the clock ${duration(step.advance)}`;
  if (step.wait !== undefined) return `wait ${duration(step.wait)}`;
  return `webhook ${step.webhook ?? ''}${within}`;
}

export function stepLabel(step: StepSpec): string {
  const contact = contactLabel(step);
  if (contact === undefined) return botLabel(step);
  return step.from === undefined ? contact : `${step.from}: ${contact}`;
}
