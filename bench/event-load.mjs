// The load generator for (e): `count` text sends, started at `rate` per second (0 = as fast as the emulator answers
// them at `concurrency`), each message numbered; prints {made: {n: epoch ms}, answered: {n: epoch ms}} as JSON: when
// each send was made (its request started) and when its answer came.
import { Pool } from 'undici';

const [baseUrl = '', authkey, appkey] = process.argv.slice(2);
const [rate = 0, count = 0, concurrency = 1, firstNumber = 0] = process.argv.slice(5).map(Number);
const now = () => performance.timeOrigin + performance.now();
const pool = new Pool(new URL(baseUrl).origin, { connections: concurrency });
const made = {};
const answered = {};
const started = performance.now();
let next = 0;
const send = async (i) => {
  made[i] = now();
  const response = await pool.request({
    path: '/api/create-message',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authkey, appkey, to: String(firstNumber + (i % 5000)), message: `bench ${i}` }),
  });
  const body = /** @type {{ status?: number }} */ (await response.body.json());
  if (body.status !== 200) throw new Error(JSON.stringify(body));
  answered[i] = now();
};
const worker = async () => {
  while (next < count) {
    const i = next++;
    if (rate > 0) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await send(i);
  }
};
await Promise.all(Array.from({ length: concurrency }, worker));
process.stdout.write(`${JSON.stringify({ made, answered })}\n`);
await pool.close();
