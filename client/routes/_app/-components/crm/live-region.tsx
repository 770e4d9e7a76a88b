/**
 * Announces async results to screen readers (a move dropped, a task completed, a list refreshed)
 * without moving focus. `assertive` for what the user is doing right now (drag and drop).
 */
export function LiveRegion({ message, assertive = false, id }: { message: string; assertive?: boolean; id?: string }) {
  return (
    <div id={id} role={assertive ? 'alert' : 'status'} aria-live={assertive ? 'assertive' : 'polite'} aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
