import { MessageCircleIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useReducer } from 'react';
import { clsx } from 'clsx';
import { useT } from '../../i18n';
import { trackEvent } from '../../lib/analytics';
import { focusRing } from '../ui/focus';
import { OPEN_CHAT_EVENT } from './open';
import { chatReducer, initialChatState } from './state';

// The panel (messages, network, stream) loads on the first open: pages ship only this button.
const ChatPanel = lazy(() => import('./panel'));

/**
 * The support chat widget of every screen (spec public-site §2.18): a round button, then the panel.
 * It speaks the site's language (useT) and sits at the inline end: bottom right, bottom left in Arabic.
 */
export function ChatWidget() {
  const { t } = useT();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);

  const open = useCallback(() => {
    if (state.view !== 'closed') return;
    dispatch({ type: 'open', at: Date.now() });
    trackEvent('live_chat_opened', { source: 'chat_widget' });
  }, [state.view]);

  useEffect(() => {
    window.addEventListener(OPEN_CHAT_EVENT, open);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, open);
  }, [open]);

  if (state.view === 'closed') {
    return (
      <button
        type="button"
        onClick={open}
        aria-label={t('chat.open')}
        className={clsx(
          'fixed end-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg transition-colors hover:bg-indigo-700 sm:end-6 sm:bottom-6',
          focusRing,
        )}
      >
        <MessageCircleIcon className="size-6" aria-hidden />
        <span className="absolute end-0.5 top-0.5 size-3.5 rounded-full border-2 border-white bg-green-500" aria-hidden />
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <ChatPanel state={state} dispatch={dispatch} />
    </Suspense>
  );
}
