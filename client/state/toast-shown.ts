/**
 * Raised on window by toast(). The public site mounts its toaster, and loads the toaster's code, at
 * the first toast instead of on every page (client/site/root.tsx); this module stays free of both.
 */
export const TOAST_SHOWN_EVENT = 'switchboard:toast-shown';
