// The name each contact of a device goes by: the `nome` its events carry when an inbound call gives none.
import type { Store } from './db.js';

/** The contact's name, or undefined when none was given. */
export function contactName(store: Store, deviceId: string, numero: string): string | undefined {
  const row = store.sql('SELECT nome FROM contacts WHERE device_id = ? AND numero = ?').get(deviceId, numero) as
    { nome: string } | undefined;
  return row?.nome;
}

/** Names the contact; an empty name takes the name back (its events then carry its number, as before). */
export function setContactName(store: Store, deviceId: string, numero: string, nome: string): void {
  if (nome === '') {
    store.sql('DELETE FROM contacts WHERE device_id = ? AND numero = ?').run(deviceId, numero);
    return;
  }
  store
    .sql(
      'INSERT INTO contacts (device_id, numero, nome) VALUES (?, ?, ?) ON CONFLICT (device_id, numero) DO UPDATE SET nome = excluded.nome',
    )
    .run(deviceId, numero, nome);
}

/** Every named contact of the device, by number. */
export function namedContacts(store: Store, deviceId: string): Map<string, string> {
  const rows = store.sql('SELECT numero, nome FROM contacts WHERE device_id = ?').all(deviceId) as Array<{
    numero: string;
    nome: string;
  }>;
  return new Map(rows.map((row) => [row.numero, row.nome]));
}
