/**
 * Opens the chat widget from anywhere on the page (a "Live Chat" button of a public page) without
 * importing it: the widget listens for this window event.
 */
export const OPEN_CHAT_EVENT = 'switchboard:open-chat';

export function openChat(): void {
  window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
}
