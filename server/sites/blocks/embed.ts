/**
 * The booking page a Booking calendar block frames: `/book/<handle>/<calendar>?embed=1`, shown
 * without the product's chrome and framable by the organization's sites (server/sites/booking-frame.ts);
 * it posts `{ type: BOOKING_HEIGHT_MESSAGE, height }` to the page framing it, whose islands script
 * sizes the frame (./islands.ts). Shared by the block, the islands, the server and the booking page.
 */
export const BOOKING_EMBED_PARAM = 'embed';
export const BOOKING_HEIGHT_MESSAGE = 'sb-booking-height';

/** A booking page's address as the block frames it. */
export const embeddedBookingUrl = (bookingUrl: string) => `${bookingUrl}${bookingUrl.includes('?') ? '&' : '?'}${BOOKING_EMBED_PARAM}=1`;
