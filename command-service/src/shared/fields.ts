/** The request fields are defined once, in the contracts the web app shares. */
export { isCalendarDate, isIsoDateTime, optionalText, postcodeField, requiredText } from '@panda/contracts/fields';
export { phoneField } from '@panda/contracts/uk-phone';
