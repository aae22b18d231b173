// Identifier generators. Keys are credentials, so they come from crypto randomness (160 / 128 bits).
import { randomFillSync, randomInt } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes come from a pool refilled from the CSPRNG 4 KiB at a time (one call per ~500 message ids instead of one
// per id, as Node's randomUUID does); each byte is handed out once.
const pool = Buffer.alloc(4096);
let used = pool.length;

function hex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}

export function newAuthkey(): string {
  return hex(20);
}

export function newAppkey(): string {
  return hex(16);
}

export function newDeviceId(): string {
  return `dev_${hex(8)}`;
}

/** Message ids look like the network's own (`3EB0` + 16 upper-case hex digits). */
export function newMessageId(): string {
  return `3EB0${hex(8).toUpperCase()}`;
}

export function newScheduleId(): string {
  return `agd_${hex(8)}`;
}

export function newTemplateId(): string {
  return `tpl_${hex(6)}`;
}

export function newAgentId(): string {
  return `agt_${hex(8)}`;
}

/** Group ids follow the network's `120363<digits>@g.us` shape. */
export function newGroupId(): string {
  let digits = '';
  for (let i = 0; i < 12; i += 1) digits += String(randomInt(10));
  return `120363${digits}@g.us`;
}

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 22; i += 1) code += BASE62.charAt(randomInt(BASE62.length));
  return code;
}

export function digitCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

export function newDeviceName(): string {
  return `dispositivo-${hex(3)}`;
}

export function newPairingRef(): string {
  return hex(16);
}
