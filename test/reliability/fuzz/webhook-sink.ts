// A local webhook receiver that accepts every event and keeps only a count (fuzzing queues many large events).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class WebhookSink {
  received = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookSink> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sink = new WebhookSink(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    server.on('request', (req, res) => {
      req.resume();
      req.on('end', () => {
        sink.received += 1;
        res.writeHead(204).end();
      });
    });
    return sink;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
