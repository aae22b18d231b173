// The floor for (d): per send, what any emulator of this service must do and nothing more. It parses the JSON body,
// checks the two keys against a table, inserts one row in SQLite (WAL and the emulator's pragmas, the statements of a
// turn of the event loop in one transaction as the emulator groups them), answers once the row is committed, and
// POSTs one JSON event to the device's receiver over a kept-alive connection.
//   node bench/floor-server.mjs <database file> <authkey> <appkey> <receiver URL>
import { createServer, Agent, request } from 'node:http';
import { createRequire } from 'node:module';

const [file, authkey, appkey, receiverUrl] = process.argv.slice(2);
if (!file || !authkey || !appkey || !receiverUrl) {
  process.stderr.write('usage: node bench/floor-server.mjs <database file> <authkey> <appkey> <receiver URL>\n');
  process.exit(2);
}
/** A specifier TypeScript does not resolve: the types of Node 20 (this project's @types/node) have no node:sqlite. */
const NODE_SQLITE = 'node:sqlite';

/** node:sqlite where Node has it (22.13+), better-sqlite3 on Node 20: the emulator's choice (src/emulator/store/sqlite.ts). */
async function openDatabase(path) {
  try {
    const { DatabaseSync } = await import(NODE_SQLITE);
    return new DatabaseSync(path);
  } catch {
    const Database = createRequire(import.meta.url)('better-sqlite3');
    return new Database(path);
  }
}

const db = await openDatabase(file);
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = NORMAL');
db.exec('PRAGMA foreign_keys = ON');
db.exec('PRAGMA busy_timeout = 5000');
db.exec(
  'CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, appkey TEXT NOT NULL, recipient TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL)',
);
const insert = db.prepare('INSERT INTO messages (appkey, recipient, body, created_at) VALUES (?, ?, ?, ?)');
const begin = db.prepare('BEGIN IMMEDIATE');
const commit = db.prepare('COMMIT');

/** The key table: appkey → its account's authkey and its webhook. */
const devices = new Map([[appkey, { authkey, webhook: new URL(receiverUrl) }]]);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Work waiting for the turn's transaction to commit (the answers and the events); undefined when none is open. */
let waiting;
/** The turn's transaction, begun by its first write and committed once the turn ends. */
function turn() {
  if (waiting) return waiting;
  begin.run();
  const work = [];
  waiting = work;
  setImmediate(() => {
    commit.run();
    waiting = undefined;
    for (const run of work) run();
  });
  return work;
}

function deliver(url, event) {
  const body = JSON.stringify(event);
  const req = request(url, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.on('response', (res) => res.resume());
  req.on('error', () => undefined);
  req.end(body);
}

function answer(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      answer(res, 400, { status: 400, message: 'JSON inválido.' });
      return;
    }
    const device = devices.get(body.appkey);
    if (!device || device.authkey !== body.authkey) {
      answer(res, 401, { status: 401, message: 'Chave inválida.' });
      return;
    }
    const at = Date.now();
    const work = turn();
    const { lastInsertRowid: id } = insert.run(body.appkey, String(body.to), String(body.message), at);
    work.push(() => {
      answer(res, 200, { status: 200, message: 'Mensagem enviada com sucesso', data: { idMensagem: String(id) } });
      deliver(device.webhook, { evento: 'text', de: body.to, mensagem: body.message, momento: at });
    });
  });
});
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(
    `Floor server listening on http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}\n`,
  ),
);
process.on('SIGTERM', () => {
  agent.destroy();
  server.close(() => process.exit(0));
});
