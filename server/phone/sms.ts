/** The longest SMS body the app sends or accepts (spec app-core §5 and §9): messages, templates, the HELP reply. */
export const SMS_MAX_LENGTH = 1600;
