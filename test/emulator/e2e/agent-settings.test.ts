// /api/v2/ia/{id}: reading, changing and listing AI agents by GET and PUT (docs/emulator.md).
import { describe, expect, it } from 'vitest';
import { CONTACT, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postJson, send } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

describe('/api/v2/ia/{id}', () => {
  it("reads an agent (authkey in the query string), updates it with PUT, and lists the account's agents", async () => {
    const created = expectOk(
      await postJson(t.emu.url, '/api/v2/ia', { authkey: t.device.authkey, device: t.device.id, agent_name: 'Ana' }),
    );
    const path = `/api/v2/ia/${created.agent_id}?authkey=${t.device.authkey}`;
    const read = expectOk(await getJson(t.emu.url, path)).data;
    expect(read).toMatchObject({
      id: created.agent_id,
      agent_name: 'Ana',
      device_id: t.device.id,
      voice: 'f',
      stop_bot: false,
    });
    const put = await send(t.emu.url, `/api/v2/ia/${created.agent_id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        authkey: t.device.authkey,
        agent_name: 'Ana 2',
        voice: 'm',
        temperature: '0.3',
        work_days: ['seg', 'ter'],
        time_pause: '00:30:00',
        blacklist: [CONTACT],
        stop_bot: '1',
      }),
    });
    expect(expectOk(put)).toMatchObject({
      message: 'Agente de IA atualizado com sucesso',
      data: {
        agent_name: 'Ana 2',
        voice: 'm',
        temperature: 0.3,
        work_days: ['seg', 'ter'],
        time_pause: '00:30:00',
        blacklist: ['5521998765432'],
        stop_bot: true,
      },
    });
    expect(expectOk(await getJson(t.emu.url, path)).data.agent_name).toBe('Ana 2');
    expect(
      expectOk(await getJson(t.emu.url, `/api/v2/ia?authkey=${t.device.authkey}`)).data.map(
        (a: { id: string }) => a.id,
      ),
    ).toContain(created.agent_id);
  });

  it('answers 404 for an unknown agent, 400 naming a bad field, 401 for a bad authkey', async () => {
    expectError(
      await getJson(t.emu.url, `/api/v2/ia/agt_nao?authkey=${t.device.authkey}`),
      404,
      'Agente não encontrado.',
    );
    const created = expectOk(
      await postJson(t.emu.url, '/api/v2/ia', { authkey: t.device.authkey, device: t.device.id, agent_name: 'B' }),
    );
    const put = (body: object) =>
      send(t.emu.url, `/api/v2/ia/${created.agent_id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expectError(await put({ authkey: t.device.authkey, agent_name: 'B', voice: 'x' }), 400, 'Campo inválido: voice.');
    expectError(await put({ authkey: t.device.authkey }), 400, 'validation.required');
    expectError(await getJson(t.emu.url, '/api/v2/ia?authkey=errada'), 401, 'Authkey invalida ou expirada.');
  });
});
