// The flags every `emulator trigger` command shares: who acts, where, and payload overrides.
import { flag } from '../../../flags.js';

export const FROM = '--from +5521998765432';

/** The flags every trigger shares: who writes, where, and free payload overrides. */
export const ORIGIN = {
  from: flag.text('phone', 'the contact who acts, in international format', { required: true }),
  group: flag.text(
    'id',
    'id of the group the contact acts in (e.g. 120363012345678901@g.us); default: a one-to-one chat',
  ),
  name: flag.text('name', "the contact's display name"),
  set: flag.many('key=value', 'override or add a payload field; key:=JSON for a non-string value (repeatable)'),
};
