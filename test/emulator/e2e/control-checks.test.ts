// Each control request is checked against the schema its route states (control/schema/routes.ts) before the route
// reads it: a field of the wrong type is a 400 naming it by its path, while the loose forms the routes have always
// taken (numbers and flags as text, as a query string or form sends them) still pass.
import { describe, expect, it } from 'vitest';
import { useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postForm, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice();
const invalid = (field: string) => `Campo obrigatório ausente ou inválido: ${field}.`;

describe('control requests checked against their schema', () => {
  it('refuses a flag that is no flag, and takes one written as text', async () => {
    expectError(
      await postJson(t.emu.url, '/__emulator/options', { requireConnected: 'talvez' }),
      400,
      invalid('requireConnected'),
    );
    expect(
      expectOk(await postForm(t.emu.url, '/__emulator/options', { requireConnected: 'false' })).requireConnected,
    ).toBe(false);
  });

  it('refuses a query number that is no number, and takes one written as text', async () => {
    expectError(await getJson(t.emu.url, '/__emulator/requests?status=muitos'), 400, invalid('status'));
    expectOk(await getJson(t.emu.url, '/__emulator/requests?status=400'));
  });

  it('names a field inside a list by its path', async () => {
    const group = {
      appkey: t.device.appkey,
      titulo: 'Turma',
      participantes: [{ id: '5521998765432' }, { admin: true }],
    };
    expectError(await postJson(t.emu.url, '/__emulator/groups', group), 400, invalid('participantes[1].id'));
  });

  it('takes a member given by its number alone beside one given as { id, admin }', async () => {
    const group = {
      appkey: t.device.appkey,
      titulo: 'Turma',
      participantes: [{ id: '5521998765432', admin: true }, '5531987654321'],
    };
    expectOk(await postJson(t.emu.url, '/__emulator/groups', group));
  });

  it('names a required field that is missing', async () => {
    expectError(await postJson(t.emu.url, '/__emulator/clock/advance', {}), 400, invalid('by'));
  });
});
