/** The password rule, stated under every new-password field before submitting (docs/rules.md#accessibility). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters`;
