// The raw baseline for batch throughput: N text sends through one undici Pool at a fixed concurrency.
import { Pool } from 'undici';

const [baseUrl = '', authkey, appkey, count, concurrency, firstNumber] = process.argv.slice(2);
const pool = new Pool(new URL(baseUrl).origin, { connections: Number(concurrency) });
let next = 0;
const worker = async () => {
  while (next < Number(count)) {
    const i = next++;
    const response = await pool.request({
      path: '/api/create-message',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authkey, appkey, to: String(Number(firstNumber) + i), message: `Olá ${i}` }),
    });
    const body = /** @type {{ status?: number }} */ (await response.body.json());
    if (body.status !== 200) throw new Error(JSON.stringify(body));
  }
};
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
await pool.close();
