// Field values that mostly pass an operation's checks: the real keys and ids of the keyring, near misses of them,
// and the value shapes docs/emulator.md accepts (flags as strings or numbers, lists as JSON text, ...).
import fc from 'fast-check';
import { CONTACT, DEAD_URL, type DeviceKeys, type Keyring } from './fixtures.js';
import { mostly, oddString, type Model } from './hostile.js';

type Arb = fc.Arbitrary<Model>;

/** Mostly the first choice, each other one now and then. */
function usually(main: Model, ...others: Model[]): Arb {
  return fc.oneof({ weight: 16, arbitrary: fc.constant(main) }, { weight: 3, arbitrary: fc.constantFrom(...others) });
}

/** Short ordinary text, odd text (which includes huge strings), or blank. */
export const text: Arb = fc.oneof(
  { weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom('Olá, tudo bem?', '  ', '') },
);

export const trueFlag: Arb = fc.constantFrom(true, 'true', '1', 1, 'on', 'yes', 'TRUE', ' true ');
export const falseFlag: Arb = fc.constantFrom(false, 'false', '0', 0, 'off', 'no', 'False');

/** Phone numbers in every accepted spelling, sometimes not a phone number. */
export const phone: Arb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      CONTACT,
      '5521998765432',
      '+55 (21) 99876-5432',
      '5521998765432@s.whatsapp.net',
      '5531987654321@c.us',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom('123', '+0000000000', 'abc', '+55 21 9', '5521998765432@g.us') },
);

export function recipient(k: Keyring): Arb {
  return fc.oneof(
    { weight: 5, arbitrary: phone },
    { weight: 2, arbitrary: fc.constantFrom(k.group.id, k.otherGroup.id, '120363000000000000@g.us', '1@g.us') },
  );
}

export function authkey(k: Keyring): Arb {
  return usually(
    k.main.authkey,
    k.other.authkey,
    'f'.repeat(40),
    k.main.authkey.toUpperCase(),
    ` ${k.main.authkey} `,
    k.main.authkey.slice(1),
  );
}

/** The main device's appkey mostly; a victim's, another account's, or unknown ones sometimes. */
export function appkey(k: Keyring): Arb {
  return usually(
    k.device.appkey,
    k.victims[0]?.appkey ?? '',
    k.otherDevice.appkey,
    'nao-existe',
    ` ${k.device.appkey}`,
    k.device.appkey.toUpperCase(),
  );
}

/** References (id, name, appkey) to devices fuzzed bodies may delete: victims and the other account's device. */
export function expendableDevice(k: Keyring): Arb {
  const refs = (d: DeviceKeys) => [d.id, d.nome, d.appkey];
  return fc.constantFrom(...k.victims.flatMap(refs), ...refs(k.otherDevice), 'dev_0000000000000000', 'sem-nome');
}

/** References to any fixture device, the main one included (for operations that only read or add). */
export function anyDevice(k: Keyring): Arb {
  return fc.oneof(fc.constantFrom(k.device.id, k.device.nome, k.device.appkey), expendableDevice(k));
}

/** Media URLs (never fetched by the emulator): mostly http(s), sometimes another scheme or no URL at all. */
export const httpFile: Arb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'https://exemplo.com/video.mp4',
      'http://exemplo.com/foto.JPG',
      'https://exemplo.com/a.b/c',
      'https://exemplo.com/v.MOV?x=1',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('ftp://exemplo.com/v.mp4', 'nao-e-url', 'https://', 'javascript:alert(1)') },
);

export function webhook(k: Keyring): Arb {
  return fc.constantFrom(k.sinkUrl, DEAD_URL, 'ftp://127.0.0.1/hook', 'nao e url', 'http://', '127.0.0.1:1');
}

/** A button the operation accepts (reply, URL or call button with the fields its type needs). */
function goodButton(family: 'carousel' | 'buttons'): Arb {
  const reply = family === 'carousel' ? 'quickReplyButton' : 'replyButton';
  const label = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim() !== '');
  return fc.oneof(
    fc.record({ type: fc.constant(reply), displaytext: label, id: fc.stringMatching(/^[a-z0-9]{1,6}$/) }),
    fc.record({ type: fc.constant('urlButton'), displaytext: label, action: fc.constant('https://exemplo.com/loja') }),
    fc.record({ type: fc.constant('callButton'), displaytext: label, action: fc.constant(CONTACT) }),
  );
}

/** Any button: valid ones, ones missing what their type needs, unknown types, hostile field values. */
function anyButton(family: 'carousel' | 'buttons'): Arb {
  const reply = family === 'carousel' ? 'quickReplyButton' : 'replyButton';
  return fc.oneof(
    goodButton(family),
    fc.record(
      { type: fc.constant(reply), displaytext: mostly(text), id: mostly(fc.string({ maxLength: 6 })) },
      { requiredKeys: ['type'] },
    ),
    fc.record({
      type: fc.constantFrom('urlButton', 'callButton'),
      displaytext: mostly(text),
      action: mostly(fc.oneof(httpFile, phone)),
    }),
    fc.record({ type: fc.constantFrom('x', '', 'URLBUTTON'), displaytext: text }),
  );
}

/** A list of buttons: mostly 1–3 valid ones, otherwise any buttons, none or too many; as JSON or as JSON text. */
export function buttons(family: 'carousel' | 'buttons'): Arb {
  const good = fc.array(goodButton(family), { minLength: 1, maxLength: 3 });
  const any = fc.array(mostly(anyButton(family)), { minLength: 0, maxLength: 11 });
  return fc.oneof(
    { weight: 5, arbitrary: good },
    { weight: 3, arbitrary: any },
    { weight: 1, arbitrary: good.map((items) => JSON.stringify(items)) },
  );
}

/** Carousel cards: mostly 1–3 valid ones, otherwise any cards, none or too many; as JSON or as JSON text. */
export const cards: Arb = (() => {
  const goodCard = fc.record(
    {
      title: text,
      description: text,
      image_url: fc.constant('https://exemplo.com/a.png'),
      buttons: fc.array(goodButton('carousel'), { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ['buttons'] },
  );
  const good = fc.array(goodCard, { minLength: 1, maxLength: 3 });
  const anyCard = fc.record(
    {
      title: mostly(text),
      subtitle: text,
      description: text,
      image_url: mostly(httpFile),
      buttons: buttons('carousel'),
    },
    { requiredKeys: [] },
  );
  const any = fc.array(mostly(anyCard), { minLength: 0, maxLength: 11 });
  return fc.oneof(
    { weight: 5, arbitrary: good },
    { weight: 3, arbitrary: any },
    { weight: 1, arbitrary: good.map((items) => JSON.stringify(items)) },
  );
})();

/** Poll options: often 2–12 distinct ones, otherwise too few, too many, repeated, blank, or not strings. */
export const pollOptions: Arb = (() => {
  const option = fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    { weight: 1, arbitrary: oddString },
  );
  const good = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), {
    minLength: 2,
    maxLength: 12,
    selector: (s) => s.trim().toLowerCase(),
  });
  const any = fc.array(mostly(option), { maxLength: 14 });
  return fc.oneof(
    { weight: 4, arbitrary: good },
    { weight: 3, arbitrary: any },
    { weight: 1, arbitrary: fc.constantFrom<Model>(['Sim', 'sim'], ['A'], [], ['A', ' '], ['Sim', 'Não']) },
    { weight: 1, arbitrary: good.map((items) => JSON.stringify(items)) },
  );
})();

export const coordinate = (limit: number): Arb =>
  fc.oneof(
    { weight: 4, arbitrary: fc.double({ min: -limit, max: limit, noNaN: true }) },
    { weight: 3, arbitrary: fc.double({ min: -limit, max: limit, noNaN: true }).map((n) => n.toFixed(6)) },
    { weight: 1, arbitrary: fc.constantFrom(String(limit + 1), '-8,05', '1e2', ' 10 ', '+45.5', '999', '', 'abc') },
  );

/** Send times: far in the future (never due during the run), long past (sent at the next tick), or malformed. */
export const agendamento: Arb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '2099-12-31 23:59:59',
      '2099-01-01 00:00:00',
      '2099-10-15 00:30:00',
      '2001-01-01 10:00:00',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '2024-02-30 10:00:00',
      '2099-13-01 00:00:00',
      '2099-12-31T23:59:59',
      '31/12/2099 10:00:00',
      'amanhã',
      '2099-12-31 24:00:00',
    ),
  },
);

export function scheduleTo(k: Keyring): Arb {
  const one = recipient(k);
  return fc.oneof(
    { weight: 4, arbitrary: one },
    { weight: 2, arbitrary: fc.array(one, { minLength: 1, maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Model>(
        [],
        Array.from({ length: 257 }, (_item, index) => `55219987${String(index).padStart(5, '0')}`),
      ),
    },
    { weight: 1, arbitrary: fc.array(one, { minLength: 1, maxLength: 3 }).map((items) => JSON.stringify(items)) },
  );
}

export const variables: Arb = fc.oneof(
  fc.constant({ nome: 'Ana', pedido: '42' }),
  fc.dictionary(fc.constantFrom('nome', 'pedido', '__proto__', 'constructor', ''), mostly(text)),
  fc.constantFrom([], '{"nome":"Ana"}', '[]', 'x', '{'),
);

export function templateId(k: Keyring): Arb {
  return usually(k.template, k.otherTemplate, 'tpl_000000000000', ` ${k.template} `);
}

export function groupRef(k: Keyring): Arb {
  const code = k.group.convite.split('/').pop() ?? '';
  return fc.constantFrom(
    k.group.id,
    k.group.id,
    k.group.convite,
    code,
    `chat.whatsapp.com/${code}`,
    k.otherGroup.id,
    '120363000000000000@g.us',
  );
}

export function messageId(k: Keyring): Arb {
  return fc.constantFrom(...Object.values(k.sent), '3EB0000000000000000', '');
}

export const emoji: Arb = fc.constantFrom('👍', 'remove', '👨‍👩‍👧', '🇧🇷', '1️⃣', '👍🏽', 'xx', '👍👍', 'REMOVE', '');
