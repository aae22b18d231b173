// The account's commands: register, login, logout, status. Each handler is imported only when its command runs.
import { lazy, type Node } from '../../command.js';
import { loginCommand } from './login-command.js';
import { logoutCommand } from './logout-command.js';
import { registerCommand } from './register-command.js';
import { statusCommand } from './status-command.js';

export const accountCommands: Node[] = [
  lazy(registerCommand, () => import('./register.js'), 'register'),
  lazy(loginCommand, () => import('./login.js'), 'login'),
  lazy(logoutCommand, () => import('./logout.js'), 'logout'),
  lazy(statusCommand, () => import('./status.js'), 'status'),
];
