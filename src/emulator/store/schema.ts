// Schema migrations, applied in order; PRAGMA user_version records how many ran.

/**
 * The oldest schema version whose exported state (`GET /__emulator/state`) this emulator imports: every migration after
 * it only adds (a table, an index, a column with a default or none required), so older rows fit the newer tables and
 * take the defaults. A migration that changes or drops what older rows hold must raise it (test/emulator/store's
 * migrations test checks the migrations after it only add).
 */
export const OLDEST_STATE_VERSION = 1;

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    nome TEXT NOT NULL,
    telefone TEXT NOT NULL,
    senha_hash TEXT NOT NULL,
    plano TEXT NOT NULL,
    authkey TEXT NOT NULL UNIQUE,
    expiracao TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    appkey TEXT NOT NULL UNIQUE,
    nome TEXT NOT NULL,
    telefone TEXT NOT NULL DEFAULT '',
    webhook TEXT NOT NULL DEFAULT '',
    conectado INTEGER NOT NULL DEFAULT 0,
    connect_due_at INTEGER,
    webhook_chat INTEGER NOT NULL DEFAULT 1,
    webhook_grupo INTEGER NOT NULL DEFAULT 1,
    pairing_code TEXT,
    paired_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX devices_account ON devices(account_id);
  CREATE INDEX devices_connect_due ON devices(connect_due_at) WHERE connect_due_at IS NOT NULL;
  CREATE TABLE agents (
    id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    nome TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE templates (
    id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    texto TEXT NOT NULL,
    botoes TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    destinatario TEXT NOT NULL,
    kind TEXT NOT NULL,
    content TEXT NOT NULL,
    schedule_id TEXT,
    sent_at INTEGER NOT NULL
  );
  CREATE INDEX messages_device ON messages(device_id, seq);
  CREATE TABLE schedules (
    id TEXT PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    due_at INTEGER NOT NULL,
    agendamento TEXT NOT NULL,
    recipients TEXT NOT NULL,
    message TEXT NOT NULL,
    file TEXT,
    nomearquivo TEXT,
    state TEXT NOT NULL DEFAULT 'pending',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX schedules_due ON schedules(state, due_at);
  CREATE TABLE otps (
    id INTEGER PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    numero TEXT NOT NULL,
    code TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX otps_lookup ON otps(device_id, numero);
  CREATE TABLE groups (
    id TEXT PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    titulo TEXT NOT NULL,
    descricao TEXT NOT NULL DEFAULT '',
    participantes TEXT NOT NULL DEFAULT '[]',
    convite TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE inbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    evento TEXT NOT NULL,
    remetente TEXT NOT NULL,
    chat TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL
  );
  CREATE INDEX inbox_sender ON inbox(device_id, remetente, received_at);
  CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX deliveries_due ON deliveries(state, next_at);
  `,
  // What the real service has beyond its published reference (docs/emulator.md): extra appkeys, shareable pairing
  // links, the device's "about" text, and the AI agent's settings.
  `
  CREATE TABLE appkeys (
    appkey TEXT PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    nome TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX appkeys_device ON appkeys(device_id);
  CREATE TABLE pair_links (
    token TEXT PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  ALTER TABLE devices ADD COLUMN recado TEXT NOT NULL DEFAULT '';
  ALTER TABLE agents ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE agents ADD COLUMN updated_at INTEGER;
  `,
  // A device's deliveries: the control API's queue listing and the cascade when a device is deleted searched the
  // whole table without it.
  `
  CREATE INDEX deliveries_device ON deliveries(device_id);
  `,
  // A chat's messages a page at a time, newest first (the console and GET /__emulator/chat): without these, opening a
  // chat read and sorted every message of its device.
  `
  CREATE INDEX messages_chat ON messages(device_id, destinatario, sent_at);
  CREATE INDEX inbox_chat ON inbox(device_id, chat, received_at);
  `,
  // The names contacts go by (the `nome` of their events): given in the console or by an inbound call, and put in the
  // events of a contact who writes without one, so a bot that greets by name sees the same name every time.
  `
  CREATE TABLE contacts (
    device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    numero TEXT NOT NULL,
    nome TEXT NOT NULL,
    PRIMARY KEY (device_id, numero)
  );
  `,
  // Where each sent message came from (store/messages.ts, MessageOrigin): the console's export expects only what the
  // bot sent, not what the CLI sent by hand. Messages sent before this column are taken as the bot's.
  `
  ALTER TABLE messages ADD COLUMN origem TEXT NOT NULL DEFAULT 'api';
  `,
];
