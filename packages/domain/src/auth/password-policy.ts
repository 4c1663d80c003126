/** Password length limits; there are no composition rules (common passwords are refused by the server). */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;
