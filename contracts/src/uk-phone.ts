import { isValidPhoneNumber, type MetadataJson } from 'libphonenumber-js/core';
import { isCleanSingleLine, NOT_ALLOWED_CHARACTERS, requiredText, UK_PHONE_MESSAGE } from './fields';
import ukMetadata from './uk-phone-metadata.json';

/**
 * UK phone numbers (docs/rules.md#uk-contact-fields), apart from ./fields so the web app loads
 * libphonenumber-js only with the forms that ask for a phone number.
 */

/**
 * The numbers Ofcom keeps for drama and examples (07700 900xxx, 01632 960xxx, 020 7946 0xxx and
 * the 01x1 496 0xxx city ranges): real UK formats that are never given to anyone, so demos and
 * tests can use them. libphonenumber-js does not count them as valid.
 */
const OFCOM_DRAMA = /^(?:\+44|0)(?:7700900\d{3}|1632960\d{3}|2079460\d{3}|1[1-9]14960\d{3})$/;
/**
 * libphonenumber-js's own metadata for +44 only (GB and the Crown Dependencies that share it), cut
 * from its `metadata.min.json` so the web app does not download every country's rules.
 */
const UK_METADATA = ukMetadata as unknown as MetadataJson;
/** A UK phone number: valid for the United Kingdom by libphonenumber-js (or an Ofcom drama number). */
export const isUkPhoneNumber = (v: string) => {
  const digits = v.replace(/[\s()-]/g, '');
  if (!/^\+?\d+$/.test(digits)) return false;
  if (OFCOM_DRAMA.test(digits)) return true;
  if (digits.startsWith('+') && !digits.startsWith('+44')) return false;
  return isValidPhoneNumber(digits, 'GB', UK_METADATA);
};
export const phoneField = (message: string) => requiredText(message, 30).refine(isUkPhoneNumber, UK_PHONE_MESSAGE);

/** A filled-in phone number's message for a form (null when it is fine): the server's checks, word for word. */
export const phoneProblem = (v: string): string | null =>
  !isCleanSingleLine(v) ? NOT_ALLOWED_CHARACTERS : isUkPhoneNumber(v) ? null : UK_PHONE_MESSAGE;
