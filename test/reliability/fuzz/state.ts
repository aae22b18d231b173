// Property 3: reads the emulator's SQLite file read-only (WAL allows a reader beside the writer) to check that no row
// lost its device or account, and that rejected requests leave the row counts (and the fixtures' rows) unchanged.
import { openDatabase, type SqlDatabase, type SqlStatement } from '../../../src/emulator/store/sqlite.js';

export const TABLES = [
  'accounts',
  'devices',
  'agents',
  'templates',
  'messages',
  'schedules',
  'otps',
  'groups',
  'inbox',
  'deliveries',
] as const;

export type Counts = Record<(typeof TABLES)[number], number>;

/** Rows whose owner is gone, one query per kind of orphan (the schema is in src/emulator/store/schema.ts). */
const ORPHANS: ReadonlyArray<readonly [string, string]> = [
  ['device without its account', 'SELECT COUNT(*) FROM devices WHERE account_id NOT IN (SELECT id FROM accounts)'],
  ['agent without its account', 'SELECT COUNT(*) FROM agents WHERE account_id NOT IN (SELECT id FROM accounts)'],
  ['agent without its device', 'SELECT COUNT(*) FROM agents WHERE device_id NOT IN (SELECT id FROM devices)'],
  [
    'agent on a device of another account',
    'SELECT COUNT(*) FROM agents a JOIN devices d ON d.id = a.device_id WHERE d.account_id <> a.account_id',
  ],
  ['template without its account', 'SELECT COUNT(*) FROM templates WHERE account_id NOT IN (SELECT id FROM accounts)'],
  ['message without its device', 'SELECT COUNT(*) FROM messages WHERE device_id NOT IN (SELECT id FROM devices)'],
  ['schedule without its device', 'SELECT COUNT(*) FROM schedules WHERE device_id NOT IN (SELECT id FROM devices)'],
  ['OTP without its device', 'SELECT COUNT(*) FROM otps WHERE device_id NOT IN (SELECT id FROM devices)'],
  ['group without its device', 'SELECT COUNT(*) FROM groups WHERE device_id NOT IN (SELECT id FROM devices)'],
  ['inbound event without its device', 'SELECT COUNT(*) FROM inbox WHERE device_id NOT IN (SELECT id FROM devices)'],
  [
    'webhook event without its device',
    'SELECT COUNT(*) FROM deliveries WHERE device_id NOT IN (SELECT id FROM devices)',
  ],
];

export interface DeviceSummary {
  id: string;
  nome: string;
  conectado: number;
}

export interface FixtureRows {
  deviceIds: readonly string[];
  groupIds: readonly string[];
}

export class StateProbe {
  private readonly db: SqlDatabase;
  private readonly countStatement: SqlStatement;
  private readonly orphanStatements: ReadonlyArray<readonly [string, SqlStatement]>;
  private readonly statements = new Map<string, SqlStatement>();

  constructor(file: string) {
    this.db = openDatabase(file, { readonly: true });
    this.countStatement = this.db.prepare(
      `SELECT ${TABLES.map((table) => `(SELECT COUNT(*) FROM ${table}) AS ${table}`).join(', ')}`,
    );
    this.orphanStatements = ORPHANS.map(([what, sql]) => [what, this.db.prepare(`SELECT (${sql}) AS n`)] as const);
  }

  counts(): Counts {
    return this.countStatement.get() as Counts;
  }

  /** One line per kind of orphan found, plus what SQLite's own foreign-key check reports. */
  orphans(): string[] {
    const found: string[] = [];
    for (const [what, statement] of this.orphanStatements) {
      const { n: count } = statement.get() as { n: number };
      if (count > 0) found.push(`${count} × ${what}`);
    }
    const violations = this.db.prepare('PRAGMA foreign_key_check').all() as Array<{ table: string; parent: string }>;
    for (const violation of violations) found.push(`foreign key of ${violation.table} → ${violation.parent} broken`);
    return found;
  }

  /**
   * The rows of the fixture devices and groups (names, keys, connection, webhook switches, titles) and their OTPs,
   * as one string: a rejected request must not change any of it. Only requests change these rows (the webhook
   * worker and the scheduler write other tables).
   */
  fixtureRows(rows: FixtureRows): string {
    const marks = (list: readonly string[]) => list.map(() => '?').join(', ') || 'NULL';
    const deviceColumns =
      'id, appkey, nome, telefone, webhook, conectado, webhook_chat, webhook_grupo, pairing_code, paired_at';
    const devices = this.statement(
      `SELECT ${deviceColumns} FROM devices WHERE id IN (${marks(rows.deviceIds)}) ORDER BY id`,
    ).all(...rows.deviceIds);
    const groups = this.statement(
      `SELECT id, titulo, descricao, participantes FROM groups WHERE id IN (${marks(rows.groupIds)}) ORDER BY id`,
    ).all(...rows.groupIds);
    const otps = this.statement(
      `SELECT id, used FROM otps WHERE device_id IN (${marks(rows.deviceIds)}) ORDER BY id`,
    ).all(...rows.deviceIds);
    return JSON.stringify({ devices, groups, otps });
  }

  private statement(sql: string): SqlStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Scheduled messages already due but not yet sent by the emulator's scheduler (it changes counts on its own). */
  dueSchedules(now: number): number {
    const { n } = this.statement("SELECT COUNT(*) AS n FROM schedules WHERE state = 'pending' AND due_at <= ?").get(
      now,
    ) as { n: number };
    return n;
  }

  deviceByAppkey(appkey: string): DeviceSummary | undefined {
    return this.statement('SELECT id, nome, conectado FROM devices WHERE appkey = ?').get(appkey) as
      DeviceSummary | undefined;
  }

  groupExists(id: string): boolean {
    return this.statement('SELECT 1 FROM groups WHERE id = ?').get(id) !== undefined;
  }

  messageExists(id: string): boolean {
    return this.statement('SELECT 1 FROM messages WHERE id = ?').get(id) !== undefined;
  }

  close(): void {
    this.db.close();
  }
}

/** The tables whose counts differ, as "table before→after". */
export function countChanges(before: Counts, after: Counts): string[] {
  return TABLES.filter((table) => before[table] !== after[table]).map(
    (table) => `${table} ${before[table]}→${after[table]}`,
  );
}
