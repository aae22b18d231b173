// Checks of user input before anything is sent: each failure names the flag and the rule.
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { UsageError } from '../../errors.js';
import { phoneMetadataFor } from '../../phone-metadata.js';

/** An international phone number (with or without +), returned as digits with the country code. */
export function phoneNumber(flag: string, value: string): string {
  const trimmed = value.trim();
  const digits = international(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  if (digits === undefined) {
    throw new UsageError(
      `${flag} must be a phone number in international format with its country code, e.g. +5581989769960 (got "${value}")`,
    );
  }
  return digits;
}

/** The calling code a number typed without one is read with: Brazil's, the service's country. */
export const HOME_CALLING_CODE = '55';

/**
 * A phone number as a person types it: with its country code (+5581989769960, or 5581989769960), or a number of the
 * home country with its area code (81989769960, 081 98976-9960); returned as digits with the country code.
 */
export function typedPhoneNumber(flag: string, value: string): string {
  const trimmed = value.trim();
  const national = trimmed.startsWith('+')
    ? undefined
    : international(`+${HOME_CALLING_CODE}${trimmed.replace(/^0+/, '')}`);
  const digits = national ?? international(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  if (digits === undefined) {
    throw new UsageError(
      `${flag} must be a phone number: with its country code (+5581989769960), or a Brazilian one with its area code ` +
        `(81989769960) (got "${value}")`,
    );
  }
  return digits;
}

/** `+` and digits (with spaces, dots, dashes or brackets) as digits with the country code, if a valid number. */
function international(candidate: string): string | undefined {
  const metadata = /^\+[\d\s().-]+$/.test(candidate) ? phoneMetadataFor(candidate) : undefined;
  const parsed = metadata && parsePhoneNumberFromString(candidate, metadata);
  return parsed?.isValid() ? parsed.number.slice(1) : undefined;
}

/** An e-mail address of the usual shape. */
export function email(flag: string, value: string): string {
  const trimmed = value.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    throw new UsageError(`${flag} must be an e-mail address such as ana@example.com (got "${value}")`);
  }
  return trimmed;
}

export { httpUrl, webhookUrl } from '../../url.js';

/** An IANA time zone name the runtime knows. */
export function timeZone(flag: string, value: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new UsageError(`${flag} must be an IANA time zone such as America/Sao_Paulo (got "${value}")`);
  }
  return value;
}

/** A value that is not empty after trimming. */
export function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}

// The seed fixes no format for group ids; every network writes them as `local@domain` (e.g. `120363…@g.us`).
const GROUP_ID = /^[^\s@]+@[^\s@]+$/;

/** True for a group id: `local@domain` without spaces. A phone number never has an @, so it is never a group id. */
export function isGroupId(value: string): boolean {
  return GROUP_ID.test(value.trim());
}

/** A send target: a group id as given, or a phone number as digits with its country code. */
export function recipient(flag: string, value: string): string {
  if (isGroupId(value)) return value.trim();
  try {
    return phoneNumber(flag, value);
  } catch {
    throw new UsageError(
      `${flag} must be a phone number in international format (e.g. +5581989769960) or a group id (e.g. 120363012345678901@g.us); got "${value}"`,
    );
  }
}
