// The console's "Export as a conversation test" as a pure function: each kind the contact sends becomes its contact
// step, each kind the bot sends its `expect` with the exact text; the file it writes is read by the runner's own
// parser and schema (src/cli/commands/test/load) into the same steps, whatever the text holds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/emulator/control/types.js';
import { parseConversationFile } from '../../../src/cli/commands/test/load/parse.js';
import { conversationFile, conversationSteps } from '../../../src/emulator/console/page/export/conversation-file.js';
import { chatMessage } from './chat-message.js';

const inbound = (id: string, kind: string, content: Record<string, unknown>): ChatMessage =>
  chatMessage({ id, direction: 'in', kind, content, de: '5521998765432', nome: 'Ana' });
const outbound = (id: string, kind: string, content: Record<string, unknown>): ChatMessage =>
  chatMessage({ id, direction: 'out', kind, content });

const dir = mkdtempSync(join(tmpdir(), 'chatbot-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the file and reads it back as the runner does (YAML, then the JSON Schema). */
function readBack(yaml: string) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yaml);
  return parseConversationFile(file).spec;
}

describe('what the contact did becomes contact steps', () => {
  const bot = outbound('B1', 'text', { message: 'Quer pizza?' });
  it.each([
    ['text', inbound('C1', 'text', { mensagem: 'oi' }), { say: 'oi' }],
    ['button', inbound('C1', 'button', { opcao: { id: 'b1', texto: 'Cardápio' } }), { click: 'Cardápio' }],
    ['one vote', inbound('C1', 'poll_vote', { opcoes: ['Calabresa'] }), { vote: 'Calabresa' }],
    ['several votes', inbound('C1', 'poll_vote', { opcoes: ['A', 'B'] }), { vote: ['A', 'B'] }],
    ['reaction', inbound('C1', 'reaction', { emoji: '👍', idMensagemOriginal: 'B1' }), { react: '👍' }],
    [
      'reply quoting',
      inbound('C1', 'text', { mensagem: 'Sim', idMensagemCitada: 'B1' }),
      { reply: 'Sim', quoting: 'Quer pizza?' },
    ],
    [
      'location',
      inbound('C1', 'location', { latitude: -23.56, longitude: -46.65, mensagem: 'Casa' }),
      { location: { latitude: -23.56, longitude: -46.65, text: 'Casa' } },
    ],
    [
      'media',
      inbound('C1', 'media', {
        url: 'https://exemplo.com/pix.pdf',
        nomeArquivo: 'pix.pdf',
        tipoMidia: 'document',
        mensagem: 'o comprovante',
      }),
      {
        media: { url: 'https://exemplo.com/pix.pdf', fileName: 'pix.pdf', type: 'document', caption: 'o comprovante' },
      },
    ],
  ])('%s', (_kind, message, step) => {
    const hello = inbound('C0', 'text', { mensagem: 'oi' });
    const steps = [{ say: 'oi' }, { expect: 'Quer pizza?' }, step];
    expect(conversationSteps([hello, bot, message])).toEqual(steps);
    const spec = readBack(conversationFile({ device: 'pizzaria', messages: [hello, bot, message] }));
    expect(spec.conversations[0]?.steps).toEqual(steps);
  });

  it('a reaction taken back plays no step', () => {
    expect(conversationSteps([inbound('C1', 'reaction', { emoji: 'remove' })])).toEqual([]);
  });
});

describe('what the bot sent becomes expectations with its exact text', () => {
  const said = inbound('C0', 'text', { mensagem: 'oi' });
  it.each([
    ['text', outbound('B1', 'text', { message: 'Olá!' }), 'Olá!'],
    [
      'buttons',
      outbound('B1', 'buttons', {
        message: 'Escolha',
        buttons: [
          { id: '1', displaytext: 'Cardápio' },
          { id: '2', displaytext: 'Horários' },
        ],
      }),
      { kind: 'buttons', text: 'Escolha', buttons: ['Cardápio', 'Horários'] },
    ],
    [
      'poll',
      outbound('B1', 'poll', { message: 'Qual sabor?', opcoes: ['A', 'B'], multiplaEscolha: true }),
      { kind: 'poll', text: 'Qual sabor?', options: ['A', 'B'], multiple: true },
    ],
    [
      'carousel',
      outbound('B1', 'carousel', { message: 'Veja', cards: [{ title: 'a' }, { title: 'b' }] }),
      { kind: 'carousel', text: 'Veja', cards: 2 },
    ],
    [
      'template',
      outbound('B1', 'template', { message: 'Olá Ana', botoes: [{ texto: 'Sim' }, { texto: 'Não' }] }),
      { kind: 'template', text: 'Olá Ana', buttons: ['Sim', 'Não'] },
    ],
    [
      'location',
      outbound('B1', 'location', { latitude: 1, longitude: 2, message: 'Loja' }),
      { kind: 'location', text: 'Loja' },
    ],
    [
      'media',
      outbound('B1', 'media', { mediaType: 'document', fileName: 'nota.pdf', caption: 'Sua nota' }),
      { kind: 'media', text: 'Sua nota', media: { type: 'document', fileName: 'nota.pdf' } },
    ],
    ['reaction', outbound('B1', 'reaction', { message: '❤️', id: 'C0' }), { kind: 'reaction', emoji: '❤️' }],
    [
      'reply',
      outbound('B1', 'reply', { message: 'Anotado', idMensagem: 'C0' }),
      { kind: 'reply', text: 'Anotado', quotes: 'oi' },
    ],
  ])('%s', (_kind, message, expectation) => {
    expect(conversationSteps([said, message])).toEqual([{ say: 'oi' }, { expect: expectation }]);
    const spec = readBack(conversationFile({ device: 'pizzaria', messages: [said, message] }));
    expect(spec.conversations[0]?.steps).toEqual([{ say: 'oi' }, { expect: expectation }]);
  });

  it('leaves out what the bot scheduled (its time is not in the chat)', () => {
    const scheduled = chatMessage({ id: 'B2', content: { message: 'Lembrete' }, agendamento_id: 'ag-1' });
    expect(conversationSteps([said, scheduled])).toEqual([{ say: 'oi' }]);
  });

  it('leaves out what the device sent before the contact wrote, and the file says what it left out', () => {
    const campaign = outbound('B0', 'template', { message: 'Promoção!', botoes: [{ texto: 'Ver' }] });
    const scheduled = chatMessage({ id: 'B2', content: { message: 'Lembrete' }, agendamento_id: 'ag-1' });
    const answer = outbound('B1', 'text', { message: 'Olá!' });
    const messages = [campaign, said, answer, scheduled];
    expect(conversationSteps(messages)).toEqual([{ say: 'oi' }, { expect: 'Olá!' }]);
    const file = conversationFile({ device: 'pizzaria', messages });
    expect(file).toContain('# Left out:\n#   - 1 message(s) the device sent before the contact wrote');
    expect(file).toContain('#   - 1 scheduled message(s)');
    expect(readBack(file).conversations[0]?.steps).toEqual([{ say: 'oi' }, { expect: 'Olá!' }]);
  });

  it('leaves out what was sent from the CLI after the contact wrote (by hand, not by the bot), and says so', () => {
    const answer = outbound('B1', 'text', { message: 'Olá!' });
    const byHand = chatMessage({ id: 'B2', kind: 'template', content: { message: 'Oferta' }, origem: 'cli' });
    const fromBot = chatMessage({ id: 'B3', content: { message: 'Algo mais?' }, origem: 'api' });
    const messages = [said, answer, byHand, fromBot];
    expect(conversationSteps(messages)).toEqual([{ say: 'oi' }, { expect: 'Olá!' }, { expect: 'Algo mais?' }]);
    const file = conversationFile({ device: 'pizzaria', messages, refused: 2 });
    expect(file).toContain('#   - 1 message(s) sent from the chatbot CLI');
    expect(file).toContain('#   - 2 send(s) of the bot the emulator refused');
    expect(file).not.toContain('Oferta');
  });
});

describe("the contact's name and number", () => {
  const contact = { name: 'Ana', number: '5521998765432' };
  const said = inbound('C0', 'text', { mensagem: 'oi Ana' });

  it('become placeholders in what the bot sent (the name as a whole word), not in what the contact did', () => {
    const messages = [
      said,
      outbound('B1', 'buttons', {
        message: 'Olá, Ana! Seu número é +5521998765432 (não 55219987654321). Banana?',
        buttons: [{ displaytext: 'Sou Ana' }],
      }),
    ];
    expect(conversationSteps(messages, contact)).toEqual([
      { say: 'oi Ana' },
      {
        expect: {
          kind: 'buttons',
          text: 'Olá, {{contact.name}}! Seu número é +{{contact.number}} (não 55219987654321). Banana?',
          buttons: ['Sou {{contact.name}}'],
        },
      },
    ]);
  });

  it('make the file name the contact and say how to run it against the emulator it came from', () => {
    const file = conversationFile({
      device: 'pizzaria',
      messages: [said],
      contact,
      emulatorUrl: 'http://127.0.0.1:9123',
      webhook: 'http://127.0.0.1:3000/',
    });
    expect(file).toContain('#   chatbot test FILE --emulator-url http://127.0.0.1:9123\n');
    expect(file).toContain('#   chatbot test FILE --bot-url http://127.0.0.1:3000/\n');
    expect(readBack(file)).toMatchObject({ device: 'pizzaria', conversations: [{ contact: 'Ana' }] });
  });
});

describe('a contact without a name', () => {
  it('goes by its number, as its events do, and the file passes the number where the name would be', () => {
    const number = '5521998765432';
    const messages = [
      chatMessage({ id: 'C1', direction: 'in', content: { mensagem: 'oi' }, de: number }),
      outbound('B1', 'text', { message: `Olá, ${number}!` }),
    ];
    const spec = readBack(conversationFile({ device: 'pizzaria', messages, contact: { name: '', number } }));
    expect(spec.conversations).toEqual([
      {
        name: `chat with ${number}`,
        contact: '{{contact.number}}',
        steps: [{ say: 'oi' }, { expect: 'Olá, {{contact.number}}!' }],
      },
    ]);
  });
});

describe('the file', () => {
  it('names the device and the contact, and keeps any text intact through YAML', () => {
    const tricky = 'a: "b" # c\n- d\u2028{e}: \'f\' *g &h !i %j @k `l` ~';
    const messages = [
      inbound('C1', 'text', { mensagem: tricky }),
      outbound('B1', 'text', { message: `${tricky} 🍕` }),
      outbound('B2', 'text', { message: 'yes' }),
      outbound('B3', 'text', { message: '0012' }),
    ];
    const spec = readBack(conversationFile({ device: 'pizza: ria', messages }));
    expect(spec.device).toBe('pizza: ria');
    expect(spec.conversations).toEqual([
      {
        name: 'chat with Ana',
        contact: 'Ana',
        steps: [{ say: tricky }, { expect: `${tricky} 🍕` }, { expect: 'yes' }, { expect: '0012' }],
      },
    ]);
  });
});
