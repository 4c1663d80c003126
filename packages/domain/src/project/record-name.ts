import { requiredText } from '../validation/rules.ts';

/** The longest name of a project, a credit requirement or a group of either (lists and pages show it whole). */
const RECORD_NAME_MAX = 120;

/** The name of a project, a credit requirement or a group: required, at most 120 characters ('Must be at most 120 characters'). */
export const recordName = () => requiredText(RECORD_NAME_MAX);
