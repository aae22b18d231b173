// The load generator for (d): text sends for a fixed time at a fixed concurrency; prints completed requests/s and
// how many were answered.
import { Pool } from 'undici';

const [baseUrl = '', authkey, appkey, seconds, concurrency, firstNumber] = process.argv.slice(2);
const pool = new Pool(new URL(baseUrl).origin, { connections: Number(concurrency) });
const deadline = performance.now() + Number(seconds) * 1000;
let done = 0;
let answered = 0;
const worker = async () => {
  while (performance.now() < deadline) {
    const i = done++;
    const response = await pool.request({
      path: '/api/create-message',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authkey, appkey, to: String(Number(firstNumber) + (i % 50000)), message: `Olá ${i}` }),
    });
    const body = /** @type {{ status?: number }} */ (await response.body.json());
    if (body.status !== 200) throw new Error(JSON.stringify(body));
    answered++;
  }
};
const started = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
process.stdout.write(`${answered / ((performance.now() - started) / 1000)} ${answered}\n`);
await pool.close();
