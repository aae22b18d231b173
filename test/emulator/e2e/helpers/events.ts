import { expect } from 'vitest';
import type { Device } from './fixtures.js';
import type { Body } from './http.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/** Checks the fields every webhook event carries (contract point 9). */
export function expectEventEnvelope(event: Body, device: Device, evento: string, tipo: 'Me' | 'Chat'): void {
  expect(event, JSON.stringify(event)).toMatchObject({
    evento,
    tipo,
    instancia: device.appkey,
    dispositivo: device.id,
  });
  for (const field of ['remetente', 'destinatario', 'idMessagem']) {
    expect(typeof event[field], `${field} in ${JSON.stringify(event)}`).toBe('string');
  }
  expect(event.idMessagem.length).toBeGreaterThan(0);
  expect(event.timestamp).toMatch(ISO_8601);
  expect(Math.abs(Date.parse(event.timestamp) - Date.now()), 'timestamp is recent').toBeLessThan(60_000);
}
