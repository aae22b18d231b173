// The console's rendering as pure functions: a message (and what its chat says about it) → a vnode with the stable
// test hooks, the app's formatting, tallies and quotes. The rest is proven in real Chromium (test/browser/).
import type { VNode } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/emulator/control/types.js';
import { formatText } from '../../../src/emulator/console/page/render/format.js';
import {
  displayKind,
  renderMessage,
  renderSchedule,
  type MessageContext,
} from '../../../src/emulator/console/page/render/message.js';
import { pollVotes, reactionsOf, tally } from '../../../src/emulator/console/page/render/tallies.js';
import { maskKey } from '../../../src/emulator/console/page/views/devices.js';
import { pageTitle } from '../../../src/emulator/console/page/views/app.js';
import { visibleWindow } from '../../../src/emulator/console/page/views/message-list.js';
import { clockTime, logTime, messageTime, useTimeZone } from '../../../src/emulator/console/page/render/clock-time.js';
import { chatMessage as message } from './chat-message.js';

type Tree = VNode<Record<string, unknown>>;

/** Every element vnode of a tree, depth first. */
function nodes(node: unknown): Tree[] {
  if (Array.isArray(node)) return node.flatMap(nodes);
  if (node === null || typeof node !== 'object' || !('props' in node)) return [];
  const tree = node as Tree;
  return [tree, ...nodes(tree.props.children)];
}

function text(node: unknown): string {
  if (Array.isArray(node)) return node.map(text).join('');
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (node === null || typeof node !== 'object' || !('props' in node)) return '';
  return text((node as Tree).props.children);
}

const byTestId = (tree: unknown, id: string) => nodes(tree).filter((n) => n.props['data-testid'] === id);

function context(messages: ChatMessage[] = [], actingAs = '5521998765432') {
  const spies = { click: vi.fn(), vote: vi.fn(), inspect: vi.fn(), quote: vi.fn(), react: vi.fn() };
  const ctx: MessageContext = {
    votes: pollVotes(messages),
    reactions: reactionsOf(messages),
    byId: new Map(messages.map((m) => [m.id, m])),
    actingAs,
    selectedId: undefined,
    actions: spies,
  };
  return { ...ctx, spies };
}

describe('formatText', () => {
  it('renders the app’s bold, italic, strike and monospace, and leaves loose markers as written', () => {
    const parts = formatText('*oi* _tudo_ ~bem~ `x` ```y``` * não *');
    expect(nodes(parts).map((n) => [n.type, text(n)])).toEqual([
      ['strong', 'oi'],
      ['em', 'tudo'],
      ['s', 'bem'],
      ['code', 'x'],
      ['pre', 'y'],
      ['code', 'y'],
    ]);
    expect(text(parts)).toContain('* não *');
  });
});

describe('renderMessage', () => {
  it('carries the stable hooks: testid, direction, kind and id', () => {
    const tree = renderMessage(message({ content: { message: 'Olá' } }), context());
    expect(tree.props).toMatchObject({
      'data-testid': 'message',
      'data-direction': 'out',
      'data-kind': 'text',
      'data-message-id': '3EB0AAAA',
    });
  });

  it('renders reply buttons as buttons that click, URL and call buttons as links', () => {
    const buttons = message({
      kind: 'buttons',
      content: {
        message: 'Escolha',
        buttons: [
          { type: 'replyButton', displaytext: 'Sim', id: '1' },
          { type: 'urlButton', displaytext: 'Site', action: 'https://exemplo.com' },
          { type: 'callButton', displaytext: 'Ligar', action: '+5511999999999' },
        ],
      },
    });
    const ctx = context();
    const tree = renderMessage(buttons, ctx);
    const [reply] = byTestId(tree, 'reply-button');
    expect(text(reply)).toBe('Sim');
    (reply?.props.onClick as () => void)();
    expect(ctx.spies.click).toHaveBeenCalledWith(buttons, '1');
    expect(
      nodes(tree)
        .filter((n) => n.type === 'a')
        .map((n) => n.props.href),
    ).toEqual(['https://exemplo.com', 'tel:+5511999999999']);
  });

  it('tallies a poll from each voter’s last vote and marks the options of whom the console writes as', () => {
    const poll = message({
      kind: 'poll',
      content: { message: 'Sabor?', opcoes: ['Manga', 'Caju'], multiplaEscolha: false },
    });
    const vote = (de: string, opcoes: string[], id: string) =>
      message({
        id,
        direction: 'in',
        kind: 'poll_vote',
        de,
        content: { idEnquete: poll.id, idMensagemOriginal: poll.id, pergunta: 'Sabor?', opcoes },
      });
    const chat = [poll, vote('1', ['Manga'], 'v1'), vote('2', ['Manga'], 'v2'), vote('1', ['Caju'], 'v3')];
    const ctx = context(chat, '2');
    expect(tally(['Manga', 'Caju'], ctx.votes.get(poll.id))).toEqual([1, 1]);
    const options = byTestId(renderMessage(poll, ctx), 'poll-option');
    expect(options.map((o) => [text(o), o.props['aria-pressed']])).toEqual([
      ['Manga', 'true'],
      ['Caju', 'false'],
    ]);
    (options[1]?.props.onClick as () => void)();
    expect(ctx.spies.vote).toHaveBeenCalledWith(poll, ['Caju']);
  });

  it('shows a click as a reply quoting the message with the buttons, and a reaction on its message', () => {
    const sent = message({ content: { message: 'Confirma?' } });
    const click = message({
      id: 'c1',
      direction: 'in',
      kind: 'button',
      de: '5521998765432',
      content: { opcao: { id: '1', texto: 'Sim' }, mensagem: 'Sim', idMensagemOriginal: sent.id },
    });
    const reaction = message({
      id: 'r1',
      direction: 'in',
      kind: 'reaction',
      de: '1',
      content: { emoji: '👍', removida: false, idMensagemOriginal: sent.id },
    });
    const ctx = context([sent, click, reaction]);
    expect(displayKind(click)).toBe('reply');
    expect(text(renderMessage(click, ctx))).toContain('Confirma?');
    expect(text(renderMessage(click, ctx))).toContain('Sim');
    expect(text(renderMessage(sent, ctx))).toContain('👍');
  });

  it('lists the limits a message breaks with their rule names', () => {
    const warned = message({ avisos: [{ regra: 'reply-buttons-shown', texto: '4 reply buttons…' }] });
    const list = nodes(renderMessage(warned, context())).find((n) => n.props.class === 'warnings');
    expect(text(list)).toContain('reply-buttons-shown');
  });

  it('renders media by its kind, and base64 media by name and size', () => {
    const image = message({
      kind: 'media',
      content: { mediaType: 'image', file: 'https://x.com/a.jpg', fileName: 'a.jpg' },
    });
    expect(
      nodes(renderMessage(image, context())).some((n) => n.type === 'img' && n.props.src === 'https://x.com/a.jpg'),
    ).toBe(true);
    const inline = message({ kind: 'media', content: { mediaType: 'document', fileName: 'nota.pdf', size: 2048 } });
    expect(text(renderMessage(inline, context()))).toContain('nota.pdf · 2 KB');
  });

  it("shows a contact's file by its URL, name and kind (the event's tipoMidia, nomeArquivo, url), with its caption", () => {
    const photo = message({
      direction: 'in',
      kind: 'media',
      de: '5521998765432',
      content: { mensagem: 'Olha o recibo', tipoMidia: 'image', nomeArquivo: 'recibo.jpg', url: 'https://x.com/r.jpg' },
    });
    const tree = renderMessage(photo, context());
    const image = nodes(tree).find((n) => n.type === 'img');
    expect([image?.props.src, image?.props.alt]).toEqual(['https://x.com/r.jpg', 'recibo.jpg']);
    expect(text(tree)).toContain('Olha o recibo');
  });

  it('shows a pending schedule with its time', () => {
    const tree = renderSchedule({
      id: 'agd_1',
      agendamento: '2030-01-01 09:00:00',
      enviaEm: '',
      message: 'Mais tarde',
      file: null,
    });
    expect(tree.props['data-kind']).toBe('schedule');
    expect(text(tree)).toContain('2030-01-01 09:00:00');
  });
});

describe('the rest of the page’s pure parts', () => {
  it('masks keys as the request log does, titles unread counts, and windows a long list (the first frame: the view alone)', () => {
    expect(maskKey('abcdef0123456789')).toBe('abcd…(16)');
    expect(maskKey('curta')).toBe('…');
    expect(pageTitle(0)).toBe('chatbot emulator');
    expect(pageTitle(3)).toBe('(3) chatbot emulator');
    const heights = Array.from({ length: 10_000 }, () => 50);
    const shown = visibleWindow(heights, 250_000, 500);
    expect(shown.total).toBe(500_000);
    expect(shown.end - shown.start).toBeLessThan(50);
    expect(shown.top).toBe(shown.start * 50);
    const firstFrame = visibleWindow(heights, 'bottom', 500, 0);
    expect([firstFrame.start, firstFrame.end, firstFrame.top]).toEqual([9989, 10_000, 499_450]);
  });
});

describe('times', () => {
  it("shows a message's and a log entry's time on the 24-hour clock of the emulator's zone, whatever the browser's", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      useTimeZone('America/Sao_Paulo');
      expect(messageTime('2026-11-26T17:05:09.123Z')).toBe('14:05');
      expect(logTime('2026-11-26T03:04:09.123Z')).toBe('00:04:09');
      expect(clockTime('2026-11-26T03:04:09.123Z')).toBe('2026-11-26 00:04:09 America/Sao_Paulo');
      useTimeZone('Europe/Lisbon');
      expect(messageTime('2026-07-01T17:05:09.123Z')).toBe('18:05');
      useTimeZone(undefined);
      expect(messageTime('2026-11-26T17:05:09.123Z')).toBe('02:05');
    } finally {
      useTimeZone(undefined);
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
