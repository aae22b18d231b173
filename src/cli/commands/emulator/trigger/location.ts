// emulator trigger location: a contact shares a location.
import type { Context } from '../../../context.js';
import type { InputOf } from '../../../command.js';
import type { triggerLocationCommand } from './location-command.js';
import { nonEmpty } from '../../../shared/validate.js';
import { coordinate, trigger } from './event.js';

export async function triggerLocation(ctx: Context, { opts }: InputOf<typeof triggerLocationCommand>): Promise<void> {
  await trigger(ctx, opts, 'location', 'Location', () => ({
    latitude: coordinate('--lat', opts.lat, 90),
    longitude: coordinate('--lng', opts.lng, 180),
    ...(opts.message === undefined ? {} : { mensagem: nonEmpty('--message', opts.message) }),
  }));
}
