// profile ls: the profiles, the active one marked.
import { maskSecret } from '../../../secrets.js';
import { renderTable } from '../../../output/table.js';
import type { Context } from '../../context.js';

export async function profileList(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const active = await ctx.profileName();
  const names = [...new Set([...config.profileNames(), active])].sort();
  const rows = names.map((name) => {
    const profile = config.profile(name);
    const device = profile.devices?.find((d) => d.appkey === profile.appkey);
    return {
      name,
      active: name === active,
      baseUrl: profile.baseUrl ?? null,
      authkey: profile.authkey ? maskSecret(profile.authkey) : null,
      device: device?.name ?? null,
    };
  });
  ctx.out.result({ status: 200, profiles: rows }, () =>
    renderTable(
      ctx.out,
      ['', 'PROFILE', 'BASE URL', 'AUTHKEY', 'DEVICE'],
      rows.map((r) => [r.active ? '*' : '', r.name, r.baseUrl ?? '(default)', r.authkey ?? '', r.device ?? '']),
    ),
  );
}
