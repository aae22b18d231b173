/** The built-in base URL: the local emulator's default address, so a new user can try everything offline. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8484';

/** The emulator's default port (the port of DEFAULT_BASE_URL). */
export const DEFAULT_EMULATOR_PORT = 8484;
