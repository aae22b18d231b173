// The contacts of a load run: each arrival is a new contact (new numbers) running one conversation, picked by weight
// in a fixed, even order (a smooth weighted round robin: weights 3 and 1 give A A B A, A A B A, …).
import type { Conversation } from '../file-types.js';

export function weightedPicker(conversations: readonly Conversation[]): () => Conversation {
  const weights = conversations.map((conversation) => conversation.spec.weight ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const current = weights.map(() => 0);
  return () => {
    let best = 0;
    for (const [index, weight] of weights.entries()) {
      current[index] = (current[index] ?? 0) + weight;
      if ((current[index] ?? 0) > (current[best] ?? 0)) best = index;
    }
    current[best] = (current[best] ?? 0) - total;
    return conversations[best] as Conversation;
  };
}
