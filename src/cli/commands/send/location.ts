// send location: a latitude and longitude, with an optional text.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { sendLocationCommand } from './location-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { latitude, longitude } from './fields.js';
import { optionalMessageOf, recipientOf, valueOrPrompt } from '../../shared/inputs.js';

export async function sendLocation(ctx: Context, { opts }: InputOf<typeof sendLocationCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const lat = latitude(await valueOrPrompt(ctx, opts, 'lat', '--lat', 'Latitude (-90 to 90)'));
  const lng = longitude(await valueOrPrompt(ctx, opts, 'lng', '--lng', 'Longitude (-180 to 180)'));
  const message = await optionalMessageOf(ctx, opts);
  const body = await (await ctx.api()).sendLocation(keys, { to, latitude: lat, longitude: lng, message });
  reportDone(ctx, body, `Location ${lat}, ${lng} sent to ${to}`);
}
