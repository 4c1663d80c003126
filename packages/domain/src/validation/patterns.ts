/** Plus sign, 1-3 digit country code, then 4-14 digits (SPEC 5 and 9); spaces are ignored. */
export const PHONE_PATTERN = /^\+\d{1,3}\d{4,14}$/;
