// A profile name as the profile commands accept it.
import { UsageError } from '../../../errors.js';
import { PROFILE_NAME } from '../../../config/store.js';

/** The name checked: letters, digits, ".", "-" and "_"; anything else is a usage error. */
export function profileName(value: string | undefined): string {
  if (!value || !PROFILE_NAME.test(value)) {
    throw new UsageError(`Profile names use letters, digits, ".", "-" and "_" (got "${value ?? ''}")`);
  }
  return value;
}
