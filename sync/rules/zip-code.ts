/**
 * A US ZIP code, as the profile's business address takes it (PUT /api/auth/user's zipCode): five digits, or nine
 * (ZIP+4), with or without the hyphen. Blank stays allowed: the address is optional.
 */

/** What a ZIP code field says when it holds no US ZIP code, naming the field ('Billing ZIP code'). */
export const zipCodeMessage = (label: string) => `${label} must be 5 digits, or 9 digits like 48104-1234`;
export const ZIP_CODE_MESSAGE = zipCodeMessage('ZIP code');

const US_ZIP_CODE = /^(\d{5})(?:[-\s]?(\d{4}))?$/;

export function isUsZipCode(value: string): boolean {
  return US_ZIP_CODE.test(value.trim());
}

/** The ZIP code as it is kept: `48104` or `48104-1234`, whichever way the nine digits were typed. */
export function normalizeZipCode(value: string): string {
  const match = US_ZIP_CODE.exec(value.trim());
  if (!match) return value;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}
