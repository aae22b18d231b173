// Decimal coordinates of sendLocation and of inbound locations.

const DECIMAL = /^[+-]?\d{1,3}(\.\d+)?$/;

/** The coordinate as a number when it is decimal text or a JSON number, within ±limit. */
export function parseCoordinate(raw: unknown, limit: 90 | 180): number | undefined {
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && DECIMAL.test(raw.trim())) value = Number(raw);
  else return undefined;
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

export function mapUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude},${longitude}`;
}
