// group info|title|invite (groupInfo, renameGroup, groupInvite) end to end against the emulator.
import { beforeEach, describe, expect, it } from 'vitest';
import { controlGroup, requestsTo, usePairedDevice } from '../support/paired-device.js';

const UNKNOWN_GROUP = '120363999999999999@g.us';

let group: { id: string; convite: string };
const t = usePairedDevice();
beforeEach(async () => {
  group = await controlGroup(t.url, t.device.appkey, 'Clientes VIP');
});

const run = (args: string[]) => t.box.run(args, { env: { CHATBOT_APPKEY: t.device.appkey } });

describe('group info (groupInfo)', () => {
  it('shows title, description and participants by group id', async () => {
    const result = await run(['group', 'info', group.id]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Clientes VIP');
    expect(result.stdout).toContain(group.id);
    expect(result.stdout).toContain('Grupo da loja');
    expect(result.stdout).toContain('Participants (0)');
  });

  it('accepts the invite link and the bare invite code', async () => {
    const code = group.convite.split('/').at(-1) as string;
    for (const reference of [group.convite, code, `chat.whatsapp.com/${code}`]) {
      const result = await run(['group', 'info', reference, '--json']);
      expect(result.exitCode, `${reference}: ${result.stderr}`).toBe(0);
      expect(JSON.parse(result.stdout).grupo.id).toBe(group.id);
    }
  });

  it('sends any http(s) invite link as given, and a bare code inside the chat.whatsapp.com link', async () => {
    const sent = async (reference: string) => {
      const result = await run(['group', 'info', reference, '--dry-run', '--json']);
      expect(result.exitCode, result.stderr).toBe(0);
      return JSON.parse(result.stdout).body.infoConvite as string;
    };
    const foreign = 'https://convites.example.net/g/AbC123_x?ref=loja';
    expect(await sent(foreign)).toBe(foreign);
    expect(await sent('http://join.example.org/x')).toBe('http://join.example.org/x');
    expect(await sent('AbCdEfGhIjKlMnOpQrStUv')).toBe('https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv');
    expect(await sent('convites.example.net/g/AbC123')).toBe('https://convites.example.net/g/AbC123');
    const unknown = await run(['group', 'info', foreign]);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('Grupo não encontrado.');
  });

  it('sends a group id of any format (local@domain) as given', async () => {
    const other = 'clientes-vip@grupos.example.net';
    const planned = await run(['group', 'info', ` ${other} `, '--dry-run', '--json']);
    expect(planned.exitCode, planned.stderr).toBe(0);
    expect(JSON.parse(planned.stdout).body.infoConvite).toBe(other);
    const result = await run(['group', 'info', other]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Grupo não encontrado.');
  });

  it('prints the service body under --json', async () => {
    const result = await run(['group', 'info', group.id, '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({
      status: 200,
      grupo: { id: group.id, titulo: 'Clientes VIP', descricao: 'Grupo da loja', participantes: [] },
    });
    expect(typeof doc.message).toBe('string');
    expect(result.stderr).toBe('');
  });

  it('an unknown group is 404 "Grupo não encontrado." and exit 4', async () => {
    const result = await run(['group', 'info', UNKNOWN_GROUP]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Grupo não encontrado.');
  });

  it('refuses something that is neither a group id nor an invite (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    for (const reference of ['not a group!', 'ftp://convites.example.net/AbC123', 'curto', 'a b@g.us']) {
      const result = await run(['group', 'info', reference]);
      expect(result.exitCode, reference).toBe(2);
      expect(result.stderr).toContain('<id|invite> must be a group id');
    }
    expect(requestsTo(t.logged, '/api/groups', before)).toEqual([]);
  });

  it('without a device key says how to choose one (exit 2)', async () => {
    const result = await t.box.run(['group', 'info', group.id]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--appkey');
  });
});

describe('group title (renameGroup)', () => {
  it('changes the title, as groupInfo then shows', async () => {
    const result = await run(['group', 'title', group.id, 'Clientes Ouro']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ Title of .* changed to "Clientes Ouro"/);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const info = JSON.parse((await run(['group', 'info', group.id, '--json'])).stdout);
    expect(info.grupo.titulo).toBe('Clientes Ouro');
  });

  it('prints the service body under --json', async () => {
    const result = await run(['group', 'title', group.id, 'Novo', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    expect(typeof doc.message).toBe('string');
  });

  it('an unknown group is exit 4 with the service message', async () => {
    const result = await run(['group', 'title', UNKNOWN_GROUP, 'Novo']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Grupo não encontrado.');
  });

  it('refuses an empty title or a phone number as group id (exit 2, nothing sent, title unchanged)', async () => {
    const before = t.logged.requests.length;
    const empty = await run(['group', 'title', group.id, '  ']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('<title> must not be empty');
    const notGroup = await run(['group', 'title', '+5581989769960', 'Novo']);
    expect(notGroup.exitCode).toBe(2);
    expect(notGroup.stderr).toContain('<id> must be a group id');
    expect(requestsTo(t.logged, '/api/groups', before)).toEqual([]);
    const info = JSON.parse((await run(['group', 'info', group.id, '--json'])).stdout);
    expect(info.grupo.titulo).toBe('Clientes VIP');
  });

  it('sends a group id of any format as given (the service decides whether it exists)', async () => {
    const other = 'clientes-vip@grupos.example.net';
    const planned = await run(['group', 'title', other, 'Novo', '--dry-run', '--json']);
    expect(planned.exitCode, planned.stderr).toBe(0);
    expect(JSON.parse(planned.stdout).body.to).toBe(other);
    const result = await run(['group', 'title', other, 'Novo']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Grupo não encontrado.');
  });

  it('--dry-run shows the renameGroup body with keys masked and sends nothing', async () => {
    const before = t.logged.requests.length;
    const result = await run(['group', 'title', group.id, 'Novo', '--dry-run', '--json']);
    expect(result.exitCode).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.body).toMatchObject({ to: group.id, message: 'Novo', tituloGrupo: 'true' });
    expect(plan.body.appkey).not.toBe(t.device.appkey);
    expect(requestsTo(t.logged, '/api/groups', before)).toEqual([]);
  });
});

describe('group invite (groupInvite)', () => {
  it('prints only the invite link', async () => {
    const result = await run(['group', 'invite', group.id]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${group.convite}\n`);
  });

  it('prints the service body under --json', async () => {
    const result = await run(['group', 'invite', group.id, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, convite: group.convite });
  });

  it('an unknown group (any id format) is exit 4, and a bad id exit 2 with nothing sent', async () => {
    const unknown = await run(['group', 'invite', UNKNOWN_GROUP, '--json']);
    expect(unknown.exitCode).toBe(4);
    expect(JSON.parse(unknown.stderr)).toEqual({
      error: {
        status: 404,
        message: expect.stringMatching(/^Grupo não encontrado\. \(group not found — .*`chatbot group info ID`.*\)$/),
        exitCode: 4,
      },
    });
    const other = await run(['group', 'invite', 'clientes-vip@grupos.example.net']);
    expect(other.exitCode).toBe(4);
    const before = t.logged.requests.length;
    const bad = await run(['group', 'invite', 'clientes']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('<id> must be a group id');
    expect(requestsTo(t.logged, '/api/groups', before)).toEqual([]);
  });
});
