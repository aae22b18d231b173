// OpenAPI entries of /api/auth: registration and login.
import { body, ok, ref, str, type OperationDoc } from '../../openapi/schemas.js';

export const AUTH_OPERATIONS = {
  register: {
    summary: 'Register an account (`auth` = `registrar`)',
    request: body({ auth: { const: 'registrar' }, nome: str, email: str, senha: str, telefone: str, plano: str }, [
      'auth',
      'nome',
      'email',
      'senha',
      'telefone',
      'plano',
    ]),
    response: ok({ message: str, data: ref('Account'), dados: ref('AccountDados') }),
  },
  login: {
    summary: 'Log in with e-mail and password (`auth` = `login`)',
    request: body({ auth: { const: 'login' }, email: str, senha: str }, ['auth', 'email', 'senha']),
    response: ok({ message: str, data: ref('Account'), dados: ref('AccountDados') }),
  },
} satisfies Record<string, OperationDoc>;
