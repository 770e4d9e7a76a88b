import { useAtomValue } from 'jotai';
import { cn } from '../../lib/cn';
import { connectionStatusAtom, type ConnectionStatus } from '../../state/realtime';

export const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Disconnected',
};

const DOT: Record<ConnectionStatus, string> = {
  connecting: 'bg-amber-400 animate-pulse',
  connected: 'bg-green-500',
  disconnected: 'bg-red-500',
};

/**
 * Whether live updates are flowing: Connected, or Disconnected while the stream is being opened
 * again (what was missed arrives once it is back). Announced politely when it changes.
 */
export function ConnectionStatusIndicator({ className }: { className?: string }) {
  const status = useAtomValue(connectionStatusAtom);
  return (
    <p
      role="status"
      aria-live="polite"
      data-status={status}
      title={status === 'disconnected' ? 'Reconnecting automatically. Anything missed arrives when the connection is back.' : undefined}
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-gray-600 dark:text-gray-400', className)}
    >
      <span className={cn('size-2 rounded-full', DOT[status])} aria-hidden />
      {CONNECTION_LABELS[status]}
    </p>
  );
}
