// devices ls: the account's devices, the current one marked; an account without devices lists as empty.
import type { Device } from '../../../api/types.js';
import { renderTable } from '../../../output/table.js';
import type { Context } from '../../context.js';
import { devicesOrEmpty } from '../../shared/devices.js';

export async function listDevices(ctx: Context): Promise<void> {
  const authkey = await ctx.authkey();
  const api = await ctx.api();
  let received: unknown;
  const devices = await devicesOrEmpty(async () => {
    const response = await api.listDevices(authkey);
    received = response;
    return response;
  });
  const current = (await ctx.settings()).device?.id;
  const body = received ?? { status: 200, dispositivos: [] };
  ctx.out.result(body, () => {
    if (devices.length === 0) return 'No devices yet — pair one with `chatbot pair`.';
    return renderTable(
      ctx.out,
      ['', 'ID', 'NAME', 'PHONE', 'WEBHOOK'],
      devices.map((d: Device) => [d.id === current ? '*' : '', d.id, d.nome, d.telefone, d.webhook]),
    );
  });
}
