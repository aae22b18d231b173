// A phone number as people write it: Brazil's as "+55 21 99876-5432" (area code, then the line split before its last
// four digits), other countries' as "+" and the digits.

/** `digits` (a chat id: country code first) written for people; anything not a Brazilian number keeps its digits. */
export function phoneNumber(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  const brazil = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  if (!brazil) return `+${digits}`;
  const [, area, first, last] = brazil;
  return `+55 ${area ?? ''} ${first ?? ''}-${last ?? ''}`;
}
