// Checks a contact's click or vote against the message it answers; errors name the valid choices.
import { EmulatorError } from '../http/reply.js';
import { asText, isRecord, own } from '../rules/fields.js';
import type { StoredButton } from '../rules/buttons.js';
import type { StoredCard } from '../rules/cards.js';
import type { TemplateButton } from '../store/templates.js';

export interface Choice {
  id: string;
  texto: string;
}

const quote = (value: string) => `"${value}"`;

/** A sent message's reply buttons by kind: sendButtons' reply buttons, sendCarousel's quick replies, a template's. */
export function clickableChoices(kind: string, content: Record<string, unknown>): Choice[] {
  const fromButtons = (buttons: StoredButton[]) =>
    buttons.flatMap((b) => (b.id === undefined ? [] : [{ id: b.id, texto: b.displaytext }]));
  if (kind === 'buttons') return fromButtons(content.buttons as StoredButton[]);
  if (kind === 'carousel') return (content.cards as StoredCard[]).flatMap((card) => fromButtons(card.buttons));
  if (kind === 'template') return (content.botoes as TemplateButton[]).map(({ id, texto }) => ({ id, texto }));
  return [];
}

function describeChoices(choices: readonly Choice[]): string {
  return choices.map((c) => (c.id === c.texto ? quote(c.texto) : `${quote(c.texto)} (id ${c.id})`)).join(', ');
}

/** What a click names: a button id or text, or an object with `id` or `texto` (trimmed; undefined when none). */
export function clickKey(opcao: unknown): string | undefined {
  const wanted = isRecord(opcao) ? (asText(own(opcao, 'id')) ?? asText(own(opcao, 'texto'))) : asText(opcao);
  return wanted?.trim();
}

/** The choice a click names, by id first, then by text. */
export function findChoice(choices: readonly Choice[], key: string | undefined): Choice | undefined {
  return choices.find((c) => c.id === key) ?? choices.find((c) => c.texto === key);
}

/** The clicked button: `opcao` is a button id, a button text, or an object with `id` or `texto`. */
export function resolveClick(choices: readonly Choice[], opcao: unknown): Choice {
  if (choices.length === 0) throw new EmulatorError(400, 'A mensagem não tem botões de resposta.');
  const key = clickKey(opcao);
  const found = findChoice(choices, key);
  if (!found)
    throw new EmulatorError(400, `Opção inválida: ${quote(key ?? '')}. Opções válidas: ${describeChoices(choices)}.`);
  return found;
}

export interface PollContent {
  opcoes: string[];
  multiplaEscolha: boolean;
}

/** The chosen option names, deduplicated; each must be a poll option, and only one on a single-choice poll. */
export function resolveVote(poll: PollContent, chosen: readonly string[]): string[] {
  const valid = `Opções da enquete: ${poll.opcoes.map(quote).join(', ')}.`;
  const picks = [...new Set(chosen.map((option) => option.trim()))];
  if (picks.length === 0) throw new EmulatorError(400, `Escolha pelo menos uma opção. ${valid}`);
  const unknown = picks.filter((option) => !poll.opcoes.includes(option));
  if (unknown.length > 0) throw new EmulatorError(400, `Opção inválida: ${unknown.map(quote).join(', ')}. ${valid}`);
  if (!poll.multiplaEscolha && picks.length > 1)
    throw new EmulatorError(400, `Esta enquete aceita uma única opção. ${valid}`);
  return picks;
}
