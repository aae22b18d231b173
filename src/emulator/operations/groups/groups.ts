// groupInfo, renameGroup (its title), groupInvite — only groups of the appkey's device are visible.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { GROUP_NOT_FOUND, validationError } from '../../rules/service-errors.js';
import type { Fields } from '../../rules/fields.js';
import type { Store } from '../../store/db.js';
import type { DeviceRow } from '../../store/devices.js';
import { findGroup, findGroupByInvite, setGroupTitle, type GroupRow } from '../../store/groups.js';
import { authorizeDevice, requireAll, requireFlag } from '../access.js';
import { deviceLabel } from '../../rules/reasons.js';

export const INVITE_PREFIX = 'https://chat.whatsapp.com/';
export const MAX_TITLE_LENGTH = 100;

/** The invite code of a link (`https://chat.whatsapp.com/CODE`, with or without scheme) or of a bare code. */
export function inviteCode(reference: string): string {
  const withoutQuery = reference.trim().split(/[?#]/)[0] ?? '';
  const segments = withoutQuery.split('/').filter(Boolean);
  return segments[segments.length - 1] ?? '';
}

export function inviteLink(code: string): string {
  return `${INVITE_PREFIX}${code}`;
}

/** The group, else 404; `field` and `device` say in the reason where the emulator looked. */
function groupOrThrow(group: GroupRow | undefined, field: string, device: DeviceRow): GroupRow {
  if (!group)
    throw new EmulatorError(404, GROUP_NOT_FOUND).because(`${field} names no group of ${deviceLabel(device)}`);
  return group;
}

function groupView(group: GroupRow): Record<string, unknown> {
  return { id: group.id, titulo: group.titulo, descricao: group.descricao, participantes: group.participantes };
}

export function groupInfo(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'message', false);
  const { infoConvite } = requireAll(fields, ['infoConvite']);
  const { device } = authorizeDevice(store, fields, ctx);
  const group =
    findGroup(store, device.id, infoConvite) ??
    findGroupByInvite(store, device.id, inviteLink(inviteCode(infoConvite)));
  return {
    status: 200,
    message: 'Informações do grupo obtidas com sucesso.',
    grupo: groupView(groupOrThrow(group, 'infoConvite', device)),
  };
}

export function renameGroup(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'tituloGrupo', true);
  const { message: titulo, to } = requireAll(fields, ['message', 'to']);
  if (titulo.length > MAX_TITLE_LENGTH)
    throw validationError(`message has ${titulo.length} characters; a group title's limit is ${MAX_TITLE_LENGTH}`);
  const { device } = authorizeDevice(store, fields, ctx);
  const group = groupOrThrow(findGroup(store, device.id, to), 'to', device);
  store.tx(() => setGroupTitle(store, group.id, titulo));
  return { status: 200, message: 'Título do grupo alterado com sucesso.' };
}

export function groupInvite(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'message', false);
  const { obterConvite } = requireAll(fields, ['obterConvite']);
  const { device } = authorizeDevice(store, fields, ctx);
  const group = groupOrThrow(findGroup(store, device.id, obterConvite), 'obterConvite', device);
  return { status: 200, message: 'Convite do grupo obtido com sucesso.', convite: group.convite };
}
