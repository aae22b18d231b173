// user picture: the URL of a contact's or group's profile picture.
import type { InputOf } from '../../command.js';
import type { userPictureCommand } from './picture-command.js';
import type { Context } from '../../context.js';
import { recipient } from '../../shared/validate.js';

export async function userPicture(ctx: Context, { args }: InputOf<typeof userPictureCommand>): Promise<void> {
  const chat = recipient('<phone|group>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).profilePicture(keys, chat);
  ctx.out.result(body, () => body.imagem);
}
