// pair (pairDevice): QR code or pairing code, then wait until the phone links the device and make it current.
import type { ServiceApi } from '../../../api/service.js';
import type { PairResponse } from '../../../api/types.js';
import type { DeviceRef } from '../../../config/store.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { pairCommand } from './pair-command.js';
import { describeDevice, deviceLabel, rememberDevice } from '../../shared/device-records.js';
import { deviceIds, locateDevice } from './find-device.js';
import { isConnected } from '../../shared/devices.js';
import { emulatorHint, isEmulator } from './emulator-hint.js';
import { pairPlan, type PairPlan } from './plan.js';
import { loadQrDrawing, showPairing } from './show.js';
import { checkLater, waitForConnection } from './wait.js';
import { doneMark } from '../../../output/marks.js';

/** The appkey chosen with --name is the device's name: data the user chose, shown whole (see secrets.ts). */
async function requestPairing(ctx: Context, api: ServiceApi, authkey: string, plan: PairPlan): Promise<PairResponse> {
  ctx.run.secrets.declareName(plan.appkeyName);
  return api.pairDevice(authkey, { appkeyName: plan.appkeyName, phone: plan.phone, webhook: plan.webhook });
}

async function hintEmulator(ctx: Context, deviceName: string, plan: PairPlan): Promise<void> {
  if (ctx.out.json) return;
  if (await isEmulator((await ctx.settings()).baseUrl.value, () => ctx.run.dispatcher()))
    ctx.out.info(emulatorHint(deviceName, plan.wait));
}

function notWaiting(ctx: Context, device: DeviceRef, named: boolean): void {
  const select = named ? `; or select it with \`chatbot config set appkey ${deviceLabel(device)}\`` : '';
  ctx.out.info(
    `Not waiting: device ${describeDevice(device)} is paired and saved in the profile, not current. Once the phone links it, ${checkLater(device)}${select}.`,
  );
}

export async function pair(ctx: Context, { opts }: InputOf<typeof pairCommand>): Promise<void> {
  const authkey = await ctx.authkey();
  const plan = await pairPlan(ctx, opts);
  const api = await ctx.api();
  if (plan.phone === undefined) await loadQrDrawing();
  const before = ctx.options.dryRun ? undefined : await deviceIds(api, authkey);
  const response = await requestPairing(ctx, api, authkey, plan);
  // Reading and drawing the QR code is local work (a PNG decoded and scanned: seconds on a starved machine): between
  // two requests it would spend the command's deadline (--timeout), which is for the service.
  await ctx.run.deadline(ctx.timeoutMs()).aside(() => showPairing(ctx, response, plan));
  const found = await locateDevice(api, authkey, response.appkey, before);
  const device: DeviceRef = { appkey: response.appkey, id: found.id, name: found.nome };
  await rememberDevice(ctx, device, false);
  await hintEmulator(ctx, deviceLabel(device), plan);
  if (!plan.wait) {
    notWaiting(ctx, device, plan.appkeyName !== undefined);
    return;
  }
  // The wait has its own bound (--wait-timeout): each poll gets the whole --timeout, not what the setup left.
  if (!isConnected(found))
    await waitForConnection(ctx, await ctx.api({ timeout: 'request' }), authkey, device, plan.waitSeconds);
  const profile = await rememberDevice(ctx, device, true);
  if (!ctx.out.json) {
    ctx.out.raw(
      `${doneMark(ctx.out.style)} Device ${describeDevice(device)} connected — now the current device of profile "${profile}"\n`,
    );
  }
}
