// A webhook receiver for (d) in its own process (the bench's own event loop is blocked while it times commands):
// answers 200 and, when stopped, prints how many events it received.
import { createServer } from 'node:http';

let events = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    events++;
    res.end('ok');
  });
});
server.listen(0, '127.0.0.1', () => process.stderr.write(`Receiver listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => {
  process.stdout.write(`${events}\n`);
  process.exit(0);
});
