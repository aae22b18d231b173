// The minimal script a user could write instead of the CLI: one text send with undici, exit 0 on success.
import { getGlobalDispatcher, request } from 'undici';

const [baseUrl, authkey, appkey, to] = process.argv.slice(2);
const response = await request(`${baseUrl}/api/create-message`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ authkey, appkey, to, message: 'bench' }),
});
const body = /** @type {{ status?: number }} */ (await response.body.json());
if (body.status !== 200) throw new Error(JSON.stringify(body));
await getGlobalDispatcher().close();
