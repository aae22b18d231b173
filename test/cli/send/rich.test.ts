// send buttons, carousel, poll and template end to end against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import { PHONE, PHONE_DIGITS, idInLine, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

const BUTTONS = [
  '--button',
  'reply:Sim',
  '--button',
  'url:Site:https://example.com/a?b=c:d',
  '--button',
  'call:Ligar:+55 81 98976-9960',
];

describe('send buttons (sendButtons)', () => {
  it('maps reply/url/call to the service types, splitting at the first two colons', async () => {
    const result = await t.dev.run([
      'send',
      'buttons',
      '--to',
      PHONE,
      '--message',
      'Escolha',
      '--header',
      'Topo',
      '--footer',
      'Rodapé',
      ...BUTTONS,
    ]);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.onlySent();
    expect(sent).toMatchObject({
      kind: 'buttons',
      to: PHONE_DIGITS,
      content: { message: 'Escolha', header_title: 'Topo', footer_text: 'Rodapé' },
    });
    expect(sent.content.buttons).toMatchObject([
      { type: 'replyButton', displaytext: 'Sim' },
      { type: 'urlButton', displaytext: 'Site', action: 'https://example.com/a?b=c:d' },
      { type: 'callButton', displaytext: 'Ligar', action: '+5581989769960' },
    ]);
    expect(idInLine(result.stdout)).toBe(sent.id);
  });

  it('prints the service body under --json', async () => {
    const result = await t.dev.run([
      'send',
      'buttons',
      '--to',
      PHONE,
      '--message',
      'Escolha',
      '--button',
      'reply:Sim',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 200,
      message: 'Botões enviados com sucesso.',
      data: { idMensagem: (await t.dev.onlySent()).id },
    });
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(['send', 'buttons', '--to', PHONE, '--message', 'x', '--button', 'reply:Sim'], {
      env: { CHATBOT_APPKEY: 'nope-nope' },
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses bad buttons before sending', async () => {
    const cases: [string[], string][] = [
      [['--button', 'url:Site:ftp://example.com'], 'url buttons need an http(s) URL'],
      [['--button', 'call:Ligar:123'], 'call buttons need a phone number'],
      [['--button', 'list:Item'], 'TYPE reply, url or call'],
      [['--button', 'url:Site'], 'needs the URL after the text'],
      [[], 'Missing --button'],
    ];
    for (const [flags, rule] of cases) {
      const result = await t.dev.run(['send', 'buttons', '--to', PHONE, '--message', 'x', ...flags]);
      expect(result.exitCode, rule).toBe(2);
      expect(result.stderr).toContain(rule);
    }
    expect(await t.dev.outbox()).toEqual([]);
  });
});

const CARDS = [
  {
    image_url: 'https://example.com/1.jpg',
    title: 'Plano A',
    subtitle: 'Mensal',
    description: 'O básico',
    buttons: [
      { type: 'quickReplyButton', displaytext: 'Quero', id: 'plano-a' },
      { type: 'urlButton', displaytext: 'Ver', action: 'https://example.com/a' },
    ],
  },
  {
    image_url: 'https://example.com/2.jpg',
    title: 'Plano B',
    buttons: [{ type: 'callButton', displaytext: 'Ligar', action: '+5581989769960' }],
  },
];

function cardsFile(content: string): string {
  const path = join(t.dev.box.home, 'cards.json');
  writeFileSync(path, content);
  return path;
}

describe('send carousel (sendCarousel)', () => {
  it('sends the cards from a file with the text and footer', async () => {
    const result = await t.dev.run([
      'send',
      'carousel',
      '--to',
      PHONE,
      '--message',
      'Ofertas',
      '--footer',
      'Até sexta',
      '--cards',
      cardsFile(JSON.stringify(CARDS, null, 2)),
    ]);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.onlySent();
    expect(sent).toMatchObject({ kind: 'carousel', content: { message: 'Ofertas', footer_text: 'Até sexta' } });
    expect(sent.content.cards).toMatchObject(CARDS);
    expect(result.stdout).toContain('Carousel of 2 card(s) sent to');
  });

  it('reads the cards from stdin and prints the service body under --json', async () => {
    const result = await t.dev.run(
      ['send', 'carousel', '--to', PHONE, '--message', 'Ofertas', '--cards', '-', '--json'],
      { input: JSON.stringify(CARDS) },
    );
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Carrossel enviado com sucesso.' });
    expect((await t.dev.onlySent()).content.cards).toHaveLength(2);
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(
      ['send', 'carousel', '--to', PHONE, '--message', 'x', '--cards', cardsFile(JSON.stringify(CARDS))],
      { env: { CHATBOT_APPKEY: 'nope-nope' } },
    );
    expect(result.exitCode).toBe(4);
  });

  it('reports a JSON syntax error with its line and column, and a structure fault with its place', async () => {
    const broken = cardsFile('[\n  {"image_url": "https://example.com/1.jpg",\n   "title" "A"}\n]');
    const syntax = await t.dev.run(['send', 'carousel', '--to', PHONE, '--message', 'x', '--cards', broken]);
    expect(syntax.exitCode).toBe(2);
    expect(syntax.stderr).toContain('is not valid JSON');
    expect(syntax.stderr).toContain('line 3, column 12');
    const noUrl = [
      { ...CARDS[0], buttons: [{ type: 'urlButton', displaytext: 'Ver', action: 'javascript:alert(1)' }] },
    ];
    const structure = await t.dev.run([
      'send',
      'carousel',
      '--to',
      PHONE,
      '--message',
      'x',
      '--cards',
      cardsFile(JSON.stringify(noUrl)),
    ]);
    expect(structure.exitCode).toBe(2);
    expect(structure.stderr).toContain('cards[0].buttons[0].action must be an http(s) URL');
    const missing = await t.dev.run([
      'send',
      'carousel',
      '--to',
      PHONE,
      '--message',
      'x',
      '--cards',
      join(t.dev.box.home, 'nope.json'),
    ]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    expect(await t.dev.outbox()).toEqual([]);
  });
});

describe('send poll (sendPoll)', () => {
  it('sends the options and the multiple-choice flag through a connected device', async () => {
    await t.dev.connect();
    const result = await t.dev.run([
      'send',
      'poll',
      '--to',
      PHONE,
      '--question',
      'Melhor dia?',
      '--option',
      'Sábado',
      '--option',
      'Domingo',
      '--multiple',
    ]);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.onlySent();
    expect(sent).toMatchObject({
      kind: 'poll',
      content: { message: 'Melhor dia?', opcoes: ['Sábado', 'Domingo'], multiplaEscolha: true },
    });
    expect(idInLine(result.stdout)).toBe(sent.id);
  });

  it('prints idMensagem and dataEnvio under --json', async () => {
    await t.dev.connect();
    const result = await t.dev.run([
      'send',
      'poll',
      '--to',
      PHONE,
      '--question',
      'Q?',
      '--option',
      'a',
      '--option',
      'b',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.data.idMensagem).toBe((await t.dev.onlySent()).id);
    expect(doc.data.dataEnvio).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exits 4 with the service message when the device is not connected', async () => {
    const result = await t.dev.run([
      'send',
      'poll',
      '--to',
      PHONE,
      '--question',
      'Q?',
      '--option',
      'a',
      '--option',
      'b',
    ]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo conectado encontrado');
  });

  it('refuses fewer than 2, more than 12 and repeated options before sending', async () => {
    await t.dev.connect();
    const base = ['send', 'poll', '--to', PHONE, '--question', 'Q?'];
    const one = await t.dev.run([...base, '--option', 'a']);
    expect(one.exitCode).toBe(2);
    expect(one.stderr).toContain('--option must be given 2 to 12 times');
    const many = await t.dev.run([...base, ...Array.from({ length: 13 }, (_, i) => ['--option', `o${i}`]).flat()]);
    expect(many.exitCode).toBe(2);
    const twice = await t.dev.run([...base, '--option', 'Sim', '--option', ' sim ']);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toContain('--option values must be unique');
    expect(await t.dev.outbox()).toEqual([]);
  });
});

describe('send template (sendTemplate)', () => {
  async function template(texto: string): Promise<string> {
    const created = await post(`${t.emulator.url}/__emulator/templates`, { authkey: t.dev.authkey, texto });
    return created.template_id as string;
  }

  it('sends the template with its variables', async () => {
    const id = await template('Olá {{nome}}, pedido {{pedido}}');
    const result = await t.dev.run([
      'send',
      'template',
      '--to',
      PHONE,
      '--template',
      id,
      '--var',
      'nome=Ana',
      '--var',
      'pedido=12=34',
    ]);
    expect(result.exitCode).toBe(0);
    expect(await t.dev.onlySent()).toMatchObject({
      kind: 'template',
      content: { template_id: id, message: 'Olá Ana, pedido 12=34' },
    });
    expect(result.stdout).toContain(`Template ${id} sent to ${PHONE_DIGITS}`);
  });

  it('sends variables as an object, and prints the service body under --json', async () => {
    const id = await template('Oi {{nome}}');
    const plan = JSON.parse(
      (
        await t.dev.run([
          'send',
          'template',
          '--to',
          PHONE,
          '--template',
          id,
          '--var',
          'nome=Bia',
          '--dry-run',
          '--json',
        ])
      ).stdout,
    );
    expect(plan.body).toMatchObject({ template_id: id, variables: { nome: 'Bia' } });
    const result = await t.dev.run([
      'send',
      'template',
      '--to',
      PHONE,
      '--template',
      id,
      '--var',
      'nome=Bia',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Template enviado com sucesso.' });
  });

  it('exits 4 with the service message for an unknown template', async () => {
    const result = await t.dev.run([
      'send',
      'template',
      '--to',
      PHONE,
      '--template',
      'no-such-template',
      '--var',
      'a=b',
    ]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Template não encontrado.');
  });

  it('refuses a --var without KEY=VALUE before sending', async () => {
    const id = await template('Oi {{nome}}');
    const result = await t.dev.run(['send', 'template', '--to', PHONE, '--template', id, '--var', 'nome']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--var must be KEY=VALUE');
    const twice = await t.dev.run([
      'send',
      'template',
      '--to',
      PHONE,
      '--template',
      id,
      '--var',
      'a=1',
      '--var',
      'a=2',
    ]);
    expect(twice.exitCode).toBe(2);
    expect(await t.dev.outbox()).toEqual([]);
  });
});
