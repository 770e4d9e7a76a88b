import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export type PhoneResult = { ok: true; e164: string; country: string | undefined } | { ok: false; reason: string };

/**
 * Normalizes a phone number to E.164. Numbers without a + are read in the organization's default
 * country. Used by contacts, SMS and lead capture alike.
 */
export function normalizePhone(input: string, defaultCountry = 'US'): PhoneResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: 'is required' };
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: defaultCountry as CountryCode, extract: false });
  if (!parsed || !parsed.isValid()) {
    return { ok: false, reason: 'must be a valid phone number; include the country code, for example +1 for US numbers' };
  }
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/** A number (E.164) as people read it: +1 415 555 0100. */
export const internationalFormat = (e164: string): string => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
