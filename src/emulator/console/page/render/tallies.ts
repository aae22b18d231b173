// What a chat's later messages say about earlier ones: poll votes (each voter's last vote counts, as in the app) and
// reactions (each person's last reaction to a message; an empty one takes it back).
import type { ChatMessage } from '../../../control/types.js';
import { kinded, reactionOf } from './kinded.js';

/** Poll id → voter → the options of their last vote. */
export type Votes = Map<string, Map<string, string[]>>;

/** Message id → who reacted → emoji. */
export type Reactions = Map<string, Map<string, string>>;

export function pollVotes(messages: readonly ChatMessage[]): Votes {
  const votes: Votes = new Map();
  for (const message of messages.map(kinded)) {
    if (message.direction !== 'in' || message.kind !== 'poll_vote') continue;
    const poll = message.content.idEnquete;
    const byVoter = votes.get(poll) ?? new Map<string, string[]>();
    byVoter.set(message.de ?? '', message.content.opcoes);
    votes.set(poll, byVoter);
  }
  return votes;
}

/** Votes per option of one poll, in the poll's order. */
export function tally(options: readonly string[], byVoter: ReadonlyMap<string, string[]> | undefined): number[] {
  return options.map((option) => [...(byVoter?.values() ?? [])].filter((chosen) => chosen.includes(option)).length);
}

export function reactionsOf(messages: readonly ChatMessage[]): Reactions {
  const reactions: Reactions = new Map();
  for (const message of messages.map(kinded)) {
    if (message.kind !== 'reaction') continue;
    const { emoji, target } = reactionOf(message);
    const who = message.direction === 'in' ? (message.de ?? '') : 'me';
    const byWho = reactions.get(target) ?? new Map<string, string>();
    if (emoji === '' || emoji === 'remove') byWho.delete(who);
    else byWho.set(who, emoji);
    reactions.set(target, byWho);
  }
  return reactions;
}
