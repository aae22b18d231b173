// schedule cancel, app create, about set, user picture|check, flow reset (extensions of the live service).
import { ApiError, UsageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import type { InputOf } from '../command.js';
import type {
  cancelScheduleCommand,
  createAppCommand,
  resetFlowCommand,
  setAboutCommand,
  userCheckCommand,
  userPictureCommand,
} from '../commands/extensions.js';
import type { Context } from '../context.js';
import { textOrStdin } from '../shared/inputs.js';
import { reportDone } from '../shared/confirmation.js';
import { nonEmpty, phoneNumber, recipient } from '../shared/validate.js';

export async function cancelSchedule(ctx: Context, { args }: InputOf<typeof cancelScheduleCommand>): Promise<void> {
  const id = nonEmpty('<id>', args[0]).trim();
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).cancelSchedule(keys, id);
  ctx.out.result(body, () => `${ctx.out.style.green('✓')} Schedule ${id} cancelled: it will not go out`);
}

export async function createApp(ctx: Context, { opts }: InputOf<typeof createAppCommand>): Promise<void> {
  const device = nonEmpty('--device', opts.device).trim();
  const name = nonEmpty('--name', opts.name).trim();
  const authkey = await ctx.authkey();
  const body = await (await ctx.api()).createApp(authkey, { device, name });
  const appkey = body.appkey;
  const reveal = opts.reveal === true;
  ctx.out.result(
    body,
    () => [
      `${ctx.out.style.green('✓')} App "${name}" created for device ${device}`,
      `  appkey  ${reveal ? appkey : `${maskSecret(appkey)} (--reveal prints it whole)`}`,
    ],
    { reveal },
  );
}

export async function setAbout(ctx: Context, { args }: InputOf<typeof setAboutCommand>): Promise<void> {
  const text = await textOrStdin(ctx, '<text>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).setAbout(keys, text);
  reportDone(ctx, body, 'About text changed');
}

export async function userPicture(ctx: Context, { args }: InputOf<typeof userPictureCommand>): Promise<void> {
  const chat = recipient('<phone|group>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).profilePicture(keys, chat);
  ctx.out.result(body, () => body.imagem);
}

/** Exit 0 when on the network; a 404-style error (exit 4) when not, so `&&` chains work. */
export async function userCheck(ctx: Context, { args }: InputOf<typeof userCheckCommand>): Promise<void> {
  const phone = phoneNumber('<phone>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).checkNumber(keys, phone);
  const { jid } = body.message;
  if (jid === null || jid === '') throw new ApiError(404, `${phone} is not on the network`, body);
  ctx.out.result(body, () => `${ctx.out.style.green('✓')} ${phone} is on the network (${jid})`);
}

async function confirmedAll(ctx: Context, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!ctx.prompt.interactive) {
    throw new UsageError(
      'Resetting every conversation needs confirmation: pass --yes (no prompt here: not a terminal, CI is set, or --no-input)',
    );
  }
  return ctx.prompt.confirm('--yes', 'Restart the flow for every contact of the device?');
}

export async function resetFlow(ctx: Context, { args, opts }: InputOf<typeof resetFlowCommand>): Promise<void> {
  const given = args[0];
  if ((given === undefined) === (opts.all !== true)) throw new UsageError('Give a phone number or --all (not both)');
  const target = given === undefined ? 'todos' : phoneNumber('[phone]', given);
  const keys = await ctx.deviceKeys();
  if (target === 'todos' && !(await confirmedAll(ctx, opts.yes === true))) {
    ctx.out.info('Nothing reset.');
    return;
  }
  const body = await (await ctx.api()).resetFlow(keys, target);
  reportDone(ctx, body, target === 'todos' ? 'Flow restarted for every contact' : `Flow restarted for ${target}`);
}
