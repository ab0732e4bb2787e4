/** The request fields are defined once, in the contracts the web app shares. */
export {
  isCalendarDate,
  isIsoDateTime,
  optionalText,
  phoneField,
  postcodeField,
  requiredText,
} from '@panda/contracts/fields';
