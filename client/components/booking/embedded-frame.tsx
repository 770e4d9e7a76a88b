import { useEffect, useRef } from 'react';
import { BOOKING_HEIGHT_MESSAGE } from '../../../server/sites/blocks/embed';
import type { BookingFrame } from './booking-widget';

/**
 * The origin of the page framing this one: the browser's list of ancestors where it has one
 * (Chromium, Safari), else the referrer (the frame's request carries at least the origin); null
 * when neither says, and then no height is posted.
 */
function parentOrigin(): string | null {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * The booking flow inside a site's Booking calendar block (/book/<handle>/<calendar>?embed=1): the
 * calendar and the form only, no brand, theme button or chat; its height goes to the page framing it,
 * and only to that page's origin, whose islands script sizes the frame (server/sites/blocks/embed.ts).
 */
export const EmbeddedBookingFrame: BookingFrame = ({ title, description, children }) => {
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = main.current;
    const origin = parentOrigin();
    if (!element || !origin || window.parent === window) return;
    // The content's own height, not the document's (which is at least the frame's): no loop with the frame's size.
    const observer = new ResizeObserver(() => window.parent.postMessage({ type: BOOKING_HEIGHT_MESSAGE, height: Math.ceil(element.getBoundingClientRect().height) }, origin));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <main ref={main} id="main-content" className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl leading-tight font-semibold tracking-tight text-gray-900 dark:text-white">{title}</h1>
        {description ? <p className="text-sm text-gray-600 dark:text-gray-400">{description}</p> : null}
      </div>
      {children}
    </main>
  );
};
