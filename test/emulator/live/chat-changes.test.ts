// The `chats` events' contents: per device, the changed chats counted once each, newest last; in a flood, the newest
// 100 and the followed ones named, the rest only counted; each with its newest message in a few words.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/emulator/control/types.js';
import { CHATS_NAMED, ChatChanges } from '../../../src/emulator/live/feed.js';
import type { ConversationRow } from '../../../src/emulator/store/conversations.js';

let seq = 0;
function row(chat: string, dir: 'in' | 'out' = 'out', device = 'dev_1'): ConversationRow & { device_id: string } {
  seq += 1;
  return {
    dir,
    seq,
    id: `3EB0${String(seq).padStart(16, '0')}`,
    kind: 'text',
    content: JSON.stringify({ message: `Mensagem ${seq}`, mensagem: `Mensagem ${seq}` }),
    chat,
    at: Date.parse('2030-01-01T12:00:00Z') + seq * 1000,
    schedule_id: null,
    remetente: dir === 'in' ? chat : null,
    origem: dir === 'out' ? 'api' : null,
    device_id: device,
  };
}
const named = (nome: string) => ({ direction: 'in', nome }) as ChatMessage;

describe('ChatChanges', () => {
  it('counts each chat once per device, newest last, with what contacts sent and the name they gave', () => {
    const changes = new ChatChanges();
    const first = row('5521998765432');
    changes.add(first, undefined);
    changes.add(row('5511911110000', 'in', 'dev_2'), named('Bia'));
    const answer = row('5521998765432', 'in');
    changes.add(answer, named('Ana'));
    changes.add(row('5531900000000'), undefined);
    const [one, two] = changes.take(new Set());
    expect(one?.dispositivo).toBe('dev_1');
    expect(one?.conversas).toEqual([
      {
        chat: '5521998765432',
        isGrupo: false,
        novas: 2,
        recebidas: 1,
        ultima: new Date(answer.at).toISOString(),
        ultimaId: answer.id,
        nome: 'Ana',
        previa: `Mensagem ${answer.seq}`,
      },
      expect.objectContaining({ chat: '5531900000000', novas: 1, recebidas: 0, previa: `Mensagem ${seq}` }),
    ]);
    expect(one?.outras).toEqual({ conversas: 0, recebidas: 0 });
    expect(two).toMatchObject({ dispositivo: 'dev_2', conversas: [{ chat: '5511911110000', nome: 'Bia' }] });
    expect(changes.take(new Set())).toEqual([]);
  });

  it('names the newest 100 chats of a flood and those followed, and counts the others with what they received', () => {
    const changes = new ChatChanges();
    const chats = Array.from({ length: CHATS_NAMED + 50 }, (_, i) => String(5581900000000 + i));
    chats.forEach((chat, i) => changes.add(row(chat, i < 10 ? 'in' : 'out'), i < 10 ? named('X') : undefined));
    const [event] = changes.take(new Set([`dev_1:${chats[0]}`]));
    const listed = event?.conversas.map((change) => change.chat);
    expect(listed).toEqual([chats[0], ...chats.slice(50)]);
    expect(event?.outras).toEqual({ conversas: 49, recebidas: 9 });
  });

  it('knows a group by its id and does not title it by a member’s name', () => {
    const changes = new ChatChanges();
    changes.add(row('120363000000000000@g.us', 'in'), named('Ana'));
    const [event] = changes.take(new Set());
    expect(event?.conversas[0]).toMatchObject({ isGrupo: true, recebidas: 1 });
    expect(event?.conversas[0]).not.toHaveProperty('nome');
  });
});
