// Which operation the fields select on each path, the precedence among them, and the table behind it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Provenance } from '../../../src/emulator/operations/area.js';
import { emptyFields, type Fields } from '../../../src/emulator/rules/fields.js';
import { normalizePath } from '../../../src/emulator/http/server.js';
import { AREAS, isServicePath, selectOperation } from '../../../src/emulator/operations/table.js';

function fields(values: Record<string, unknown>): Fields {
  const out = emptyFields();
  for (const [key, value] of Object.entries(values)) out[key] = value;
  return out;
}

const CM = '/api/create-message';

describe('selectOperation on /api/create-message', () => {
  it.each([
    [{ story: true, message: 'x' }, 'postStory'],
    [{ to: '1', message: '👍', id: 'm', reactionMessage: 'true' }, 'sendReaction'],
    [{ to: '1', message: false, verificarOTP: '123' }, 'verifyOtp'],
    [{ to: '1', message: 'x', agendamento: '2030-01-01 10:00:00' }, 'scheduleMessage'],
    [{ to: '1', template_id: 't', variables: {} }, 'sendTemplate'],
    [{ to: '1', message: 'q', opcoes: ['a', 'b'] }, 'sendPoll'],
    [{ to: '1', message: 'c', cards: [] }, 'sendCarousel'],
    [{ to: '1', message: 'b', buttons: [] }, 'sendButtons'],
    [{ to: '1', latitude: '1', longitude: '2' }, 'sendLocation'],
    [{ to: '1', longitude: '2' }, 'sendLocation'],
    [{ to: '1', message: 'oi' }, 'sendText'],
    [{}, 'sendText'],
  ])('%j → %s', (body, expected) => {
    expect(selectOperation(CM, fields(body))).toBe(expected);
  });

  it('explicit true flags win over value fields: story beats opcoes and agendamento', () => {
    expect(selectOperation(CM, fields({ story: '1', opcoes: ['a', 'b'], agendamento: 'x' }))).toBe('postStory');
  });

  it('reactionMessage beats verificarOTP; verificarOTP beats agendamento; agendamento beats template_id', () => {
    expect(selectOperation(CM, fields({ reactionMessage: true, verificarOTP: '1' }))).toBe('sendReaction');
    expect(selectOperation(CM, fields({ verificarOTP: '1', agendamento: 'x' }))).toBe('verifyOtp');
    expect(selectOperation(CM, fields({ agendamento: 'x', template_id: 't' }))).toBe('scheduleMessage');
    expect(selectOperation(CM, fields({ template_id: 't', opcoes: ['a'] }))).toBe('sendTemplate');
    expect(selectOperation(CM, fields({ opcoes: ['a'], cards: [] }))).toBe('sendPoll');
    expect(selectOperation(CM, fields({ cards: [], buttons: [] }))).toBe('sendCarousel');
    expect(selectOperation(CM, fields({ buttons: [], latitude: '1' }))).toBe('sendButtons');
  });

  it('a false or unreadable flag does not select its operation', () => {
    expect(selectOperation(CM, fields({ story: 'false', to: '1', message: 'x' }))).toBe('sendText');
    expect(selectOperation(CM, fields({ reactionMessage: 'talvez', to: '1', message: 'x' }))).toBe('sendText');
  });

  it('a blank value field does not select its operation', () => {
    expect(selectOperation(CM, fields({ verificarOTP: '', to: '1', message: 'x' }))).toBe('sendText');
  });
});

describe('selectOperation on the other shared paths: reads win over changes', () => {
  it.each([
    ['/api/groups', { infoConvite: 'g', obterConvite: 'g', tituloGrupo: true }, 'groupInfo'],
    ['/api/groups', { obterConvite: 'g', tituloGrupo: true }, 'groupInvite'],
    ['/api/groups', { tituloGrupo: '1' }, 'renameGroup'],
    ['/api/groups', { message: 'x' }, undefined],
    ['/api/settings', { obterStatus: true, altereNome: true, statusWebhook: true }, 'userStatus'],
    ['/api/settings', { altereNome: true, statusWebhook: 'false' }, 'renameDevice'],
    ['/api/settings', { statusWebhook: false }, 'switchWebhook'],
    ['/api/settings', {}, undefined],
    ['/api/developer', { dispositivos: true, checkDispositivo: true, apagarDispositivo: true }, 'listDevices'],
    ['/api/developer', { checkDispositivo: 'true', apagarDispositivo: true }, 'checkDevice'],
    ['/api/developer', { apagarDispositivo: 1 }, 'deleteDevice'],
    ['/api/developer', { apagarDispositivo: false }, undefined],
  ])('%s %j → %s', (path, body, expected) => {
    expect(selectOperation(path, fields(body))).toBe(expected);
  });

  it('routes /api/auth by auth: login, otherwise registration', () => {
    expect(selectOperation('/api/auth', fields({ auth: 'login' }))).toBe('login');
    expect(selectOperation('/api/auth', fields({ auth: 'registrar' }))).toBe('register');
    expect(selectOperation('/api/auth', fields({}))).toBe('register');
  });

  it('single-operation paths', () => {
    expect(selectOperation('/api/v2/ia', fields({}))).toBe('createAgent');
    expect(selectOperation('/api/v2/qrcode', fields({}))).toBe('pairDevice');
  });
});

describe('paths', () => {
  it('knows only the seed paths, and inherited names are not paths', () => {
    expect(isServicePath('/api/create-message')).toBe(true);
    expect(isServicePath('/api/v3/qrcode')).toBe(false);
    expect(isServicePath('constructor')).toBe(false);
    expect(selectOperation('__proto__', fields({}))).toBeUndefined();
  });

  it('drops trailing slashes but keeps the root', () => {
    expect(normalizePath('/api/auth/')).toBe('/api/auth');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('the operation table', () => {
  it("tries each of an area's operations once, and no other", () => {
    for (const area of AREAS) {
      expect([...area.precedence].sort(), area.path).toEqual(Object.keys(area.operations).sort());
    }
  });

  it('names each operation once across the areas', () => {
    const names = AREAS.flatMap((area) => Object.keys(area.operations));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('docs/operations.md', () => {
  const section = (provenance: Provenance) =>
    provenance === 'extension'
      ? 'real service only'
      : expect.stringMatching(new RegExp(`^E${provenance.section}\\. \\S`));

  it('lists every operation and route with its request, selector and provenance, in the order tried', () => {
    const markdown = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    const rows = markdown
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const expected = AREAS.flatMap((area) => [
      ...area.precedence.map((name) => {
        const operation = area.operations[name]!;
        return [`\`${name}\``, `\`POST ${area.path}\``, operation.selector.text, section(operation.provenance)];
      }),
      ...area.routes.map((route) => [
        `\`${route.name}\``,
        `\`${route.method} ${route.template}\``,
        '—',
        section(route.provenance),
      ]),
    ]);
    expect(rows).toEqual(expected);
  });
});
