// The floor for the emulator's request rate: node:http, JSON body parsed, a constant answer.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":200,"message":"Mensagem enviada com sucesso"}');
  });
});
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(
    `Bare server listening on http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}\n`,
  ),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
