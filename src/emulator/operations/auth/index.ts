// /api/auth: registration (the reference's) and login (the real service's), told apart by `auth`.
import { defineArea, EXTENSION, reference } from '../area.js';
import { equals, OTHERWISE } from '../selectors.js';
import { login } from './login.js';
import { AUTH_OPERATIONS } from './openapi.js';
import { register } from './register.js';

export const AUTH = defineArea({
  path: '/api/auth',
  operations: {
    register: { provenance: reference(2), selector: OTHERWISE, run: register, doc: AUTH_OPERATIONS.register },
    login: { provenance: EXTENSION, selector: equals('auth', 'login'), run: login, doc: AUTH_OPERATIONS.login },
  },
  precedence: ['login', 'register'],
  routes: [],
});
