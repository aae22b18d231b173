// agent get and agent update (real-service operations) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, PHONE_DIGITS, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('agent get|update [extension]', () => {
  it('reads, updates and lists an agent; bad values are refused before sending', async () => {
    const created = JSON.parse(
      (await t.dev.run(['agent', 'create', '--device', await t.dev.deviceId(), '--name', 'Ana', '--json'])).stdout,
    );
    const id = created.agent_id as string;
    const read = await t.dev.run(['agent', 'get', id, '--json']);
    expect(JSON.parse(read.stdout).data).toMatchObject({ id, agent_name: 'Ana', voice: 'f' });
    const updated = await t.dev.run([
      'agent',
      'update',
      id,
      '--voice',
      'm',
      '--temperature',
      '0.2',
      '--work-days',
      'seg,ter',
      '--stop-bot',
      'on',
      '--blacklist',
      PHONE,
    ]);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(JSON.parse((await t.dev.run(['agent', 'get', id, '--json'])).stdout).data).toMatchObject({
      agent_name: 'Ana',
      voice: 'm',
      temperature: 0.2,
      work_days: ['seg', 'ter'],
      stop_bot: true,
      blacklist: [PHONE_DIGITS],
    });
    expect((await t.dev.run(['agent', 'get'])).stdout).toContain(id);
    const bad = await t.dev.run(['agent', 'update', id, '--temperature', '3']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--temperature must be a number from 0 to 2');
    expect((await t.dev.run(['agent', 'get', 'agt_nao'])).exitCode).toBe(4);
  });

  it('--dry-run of a GET masks the authkey the query string carries', async () => {
    const result = await t.dev.run(['agent', 'get', 'agt_x', '--dry-run', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.method).toBe('GET');
    expect(plan.url).toContain('/api/v2/ia/agt_x?authkey=');
    expect(result.stdout).not.toContain(t.dev.authkey);
  });
});
