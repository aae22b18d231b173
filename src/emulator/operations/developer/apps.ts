// `criarApp`: a second appkey for a device, working wherever the device's own appkey does.
import type { Ctx } from '../context.js';
import type { Reply } from '../../http/reply.js';
import type { Fields } from '../../rules/fields.js';
import { newAppkey } from '../../rules/ids.js';
import type { Store } from '../../store/db.js';
import { authenticate, deviceByReference, requireAll } from '../access.js';

/** `criarApp` = device id or name, `message` = the app's name: a second appkey for the same device. */
export function createApp(store: Store, fields: Fields, ctx: Ctx): Reply {
  const { authkey, message: nome, criarApp } = requireAll(fields, ['authkey', 'message', 'criarApp']);
  const account = authenticate(store, authkey, ctx);
  const device = deviceByReference(store, account, criarApp);
  const appkey = newAppkey();
  store
    .sql('INSERT INTO appkeys (appkey, device_id, nome, created_at) VALUES (?, ?, ?, ?)')
    .run(appkey, device.id, nome, ctx.now());
  return { status: 200, message: 'App criado com sucesso.', appkey, dispositivo: device.id };
}
