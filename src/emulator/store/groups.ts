// Groups a device belongs to (created through the control API).
import type { Store } from './db.js';

export interface Participant {
  id: string;
  admin: boolean;
}

export interface GroupRow {
  id: string;
  device_id: string;
  titulo: string;
  descricao: string;
  participantes: Participant[];
  convite: string;
}

type RawGroup = Omit<GroupRow, 'participantes'> & { participantes: string };

const decode = (row: RawGroup | undefined): GroupRow | undefined =>
  row && { ...row, participantes: JSON.parse(row.participantes) as Participant[] };

export function insertGroup(store: Store, group: GroupRow, now: number): void {
  store
    .sql(
      'INSERT INTO groups (id, device_id, titulo, descricao, participantes, convite, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      group.id,
      group.device_id,
      group.titulo,
      group.descricao,
      JSON.stringify(group.participantes),
      group.convite,
      now,
    );
}

export function findGroup(store: Store, deviceId: string, id: string): GroupRow | undefined {
  return decode(
    store
      .sql('SELECT id, device_id, titulo, descricao, participantes, convite FROM groups WHERE device_id = ? AND id = ?')
      .get(deviceId, id) as RawGroup | undefined,
  );
}

export function findGroupByInvite(store: Store, deviceId: string, convite: string): GroupRow | undefined {
  return decode(
    store
      .sql(
        'SELECT id, device_id, titulo, descricao, participantes, convite FROM groups WHERE device_id = ? AND convite = ?',
      )
      .get(deviceId, convite) as RawGroup | undefined,
  );
}

export function setGroupTitle(store: Store, id: string, titulo: string): void {
  store.sql('UPDATE groups SET titulo = ? WHERE id = ?').run(titulo, id);
}
