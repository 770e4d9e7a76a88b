/**
 * Opens the support chat widget from anywhere on the site (the help centre's Live Chat buttons).
 * The widget listens for this window event, so pages need not import the widget's code.
 */
export const OPEN_SUPPORT_CHAT_EVENT = 'switchboard:open-support-chat';

export function openSupportChat(): void {
  window.dispatchEvent(new CustomEvent(OPEN_SUPPORT_CHAT_EVENT));
}
