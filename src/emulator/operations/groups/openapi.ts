// OpenAPI entries of /api/groups: the groups of the appkey's device.
import { body, bool, fields, object, ok, ref, str, type OperationDoc } from '../../openapi/schemas.js';

const { flag, keys } = fields;

export const GROUPS_OPERATIONS = {
  groupInfo: {
    summary: "A group's details by id, invite link or invite code",
    request: body({ ...keys, message: flag, infoConvite: str }, ['appkey', 'authkey', 'message', 'infoConvite']),
    response: ok({
      message: str,
      grupo: object({
        id: str,
        titulo: str,
        descricao: str,
        participantes: { type: 'array', items: object({ id: str, admin: bool }) },
      }),
    }),
  },
  renameGroup: {
    summary: "Change a group's title (`tituloGrupo` = true)",
    request: body({ ...keys, message: str, tituloGrupo: flag, grupo: str }, [
      'appkey',
      'authkey',
      'message',
      'tituloGrupo',
      'grupo',
    ]),
    response: ref('Message'),
  },
  groupInvite: {
    summary: "A group's invite link",
    request: body({ ...keys, message: flag, obterConvite: str }, ['appkey', 'authkey', 'message', 'obterConvite']),
    response: ok({ message: str, convite: str }),
  },
} satisfies Record<string, OperationDoc>;
