// config list: every setting, where it comes from, keys masked; at a terminal, under the profile's name and file.
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
  const table = () =>
    renderTable(
      ctx.out,
      ['KEY', 'VALUE', 'FROM'],
      rows.map((r) => [r.key, r.value ?? '', r.source ?? '']),
    );
  // A heading only where the table has one: a piped table is data, tab-separated, without either.
  ctx.out.result({ status: 200, profile: settings.profile, settings: rows }, () =>
    ctx.out.stdoutIsTTY ? [`Profile "${settings.profile}" (${path})`, table()] : table(),
  );
}
