// A webhook receiver in its own process (the bench's own event loop is blocked while it times commands): answers 200,
// notes when each event arrived (by the number in its `mensagem`, first arrival only), answers GET with how many
// distinct events it has, and, when stopped, prints {events, arrivals: {n: epoch ms}}.
import { createServer } from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const arrivals = {};
let events = 0;
let distinct = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.end(String(distinct));
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const at = now();
    events++;
    const number = /(\d+)$/.exec(JSON.parse(Buffer.concat(chunks).toString('utf8')).mensagem ?? '')?.[1];
    if (number !== undefined && arrivals[number] === undefined) {
      arrivals[number] = at;
      distinct++;
    }
    res.end('ok');
  });
});
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(
    `Receiver listening on http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}\n`,
  ),
);
// Exits once the report is written: a pipe takes about 64 KB at a time, and process.exit() right after write() cut the
// report of a long run (12,000 events) short.
process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ events, arrivals })}\n`, () => process.exit(0));
});
