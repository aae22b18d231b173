// config list: every setting, where it comes from, keys masked.
import { renderTable } from '../../../output/table.js';
import type { Context } from '../../context.js';
import { KEYS, shown, settingOf } from './keys.js';

export async function configList(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const path = (await ctx.config()).path;
  const rows = Object.entries(KEYS).map(([key, spec]) => {
    const setting = settingOf(settings, spec);
    return { key, value: setting ? shown(ctx, spec, setting.value) : null, source: setting?.source ?? null };
  });
  ctx.out.result({ status: 200, profile: settings.profile, settings: rows }, () => [
    `Profile "${settings.profile}" (${path})`,
    renderTable(
      ctx.out,
      ['KEY', 'VALUE', 'FROM'],
      rows.map((r) => [r.key, r.value ?? '', r.source ?? '']),
    ),
  ]);
}
