// agent create (createAgent) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { post, useEmulatorSandbox } from '../support/harness.js';
import { pairedDirectly, storedProfile } from '../support/pairing.js';

const t = useEmulatorSandbox({ register: true });

describe('agent create', () => {
  it('creates an agent on the given device and prints its agent_id', async () => {
    const id = await pairedDirectly(t.emulator.url, t.authkey, 'atendimento');
    const result = await t.box.run(['agent', 'create', '--device', id, '--name', 'Atendente']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Agent "Atendente" created on device ${id}, agent_id \\S+`));
  });

  it('prints {status, message, agent_id} under --json', async () => {
    const id = await pairedDirectly(t.emulator.url, t.authkey, 'vendas-bot');
    const result = await t.box.run(['agent', 'create', '--device', id, '--name', 'Vendas', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toEqual({ status: 200, message: expect.any(String), agent_id: expect.stringMatching(/\S/) });
  });

  it('hosts the agent on the current device when --device is omitted', async () => {
    expect((await t.box.run(['pair', '--name', 'principal', '--no-wait'])).exitCode).toBe(0);
    await post(`${t.emulator.url}/__emulator/connect`, { appkey: 'principal' });
    expect((await t.box.run(['devices', 'check', 'principal'])).exitCode).toBe(0);
    const id = storedProfile(t.box).devices?.[0]?.id;
    const planned = await t.box.run(['agent', 'create', '--name', 'Suporte', '--dry-run', '--json']);
    expect(JSON.parse(planned.stdout).body).toMatchObject({ device: id, agent_name: 'Suporte' });
    const result = await t.box.run(['agent', 'create', '--name', 'Suporte']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`created on device ${id}`);
  });

  it('exits 3 with `Authkey invalida ou expirada.` for an invalid authkey', async () => {
    const result = await t.box.run(['agent', 'create', '--device', 'dev_x', '--name', 'A', '--authkey', 'not-a-key']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('Authkey invalida ou expirada.');
  });

  it('exits 4 for a device the account does not have', async () => {
    const result = await t.box.run(['agent', 'create', '--device', 'dev_ninguem', '--name', 'A']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('without --name and without a terminal exits 2 naming --name, sending nothing', async () => {
    const result = await t.box.run(['agent', 'create', '--device', 'dev_x']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Missing --name');
  });

  it('without --device and without a current device exits 2 naming --device', async () => {
    const result = await t.box.run(['agent', 'create', '--name', 'A']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Missing --device');
  });
});
