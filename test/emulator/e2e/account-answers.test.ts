// /api/auth's answers as clients read them: `dados` beside `data`, after registering and after logging in.
import { describe, expect, it } from 'vitest';
import { registrationBody, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, postForm, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

describe('/api/auth: dados, and login', () => {
  it('registration answers dados beside data; auth=login (form) answers dados with authkey, will_expire, plan_id', async () => {
    const input = registrationBody();
    const registered = expectOk(await postJson(t.emu.url, '/api/auth', input));
    expect(registered.dados).toMatchObject({
      authkey: registered.data.authkey,
      will_expire: registered.data.expiracao,
      plan_id: '1',
    });
    const login = expectOk(
      await postForm(t.emu.url, '/api/auth', {
        auth: 'login',
        email: String(input.email),
        senha: String(input.senha),
        licence: 'x',
      }),
    );
    expect(login.dados).toEqual(registered.dados);
    expect(login.dados.will_expire).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectError(
      await postJson(t.emu.url, '/api/auth', { auth: 'login', email: input.email, senha: 'errada' }),
      401,
      'E-mail ou senha inválidos.',
    );
  });
});
