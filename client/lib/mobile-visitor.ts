import { createContext, useContext, useSyncExternalStore } from 'react';

/** Spec public-site §9: the mobile breakpoint. */
export const MOBILE_BREAKPOINT = 768;

/** User agents that get the mobile landing; the server picks a page's prerendered mobile HTML by it too. */
export const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|IEMobile|Opera Mini/i;

export type Device = { userAgent: string; touchPoints: number; width: number };

/** Spec §2.3: a mobile user agent, or a touch-capable device narrower than 768 px. */
export function isMobileDevice({ userAgent, touchPoints, width }: Device): boolean {
  return MOBILE_AGENT.test(userAgent) || (touchPoints > 0 && width < MOBILE_BREAKPOINT);
}

export function currentDevice(): Device {
  return { userAgent: navigator.userAgent, touchPoints: navigator.maxTouchPoints ?? 0, width: window.innerWidth };
}

export type RenderedDevice = 'desktop' | 'mobile';

/**
 * The device the HTML being rendered is for: set while a page is prerendered at build time and while
 * the browser hydrates that HTML (client/site/prerender.tsx, client/site.tsx); unset otherwise.
 */
export const RenderedDeviceContext = createContext<RenderedDevice | undefined>(undefined);

let arrivedOnMobile: boolean | undefined;
const onArrival = () => (arrivedOnMobile ??= isMobileDevice(currentDevice()));
const unchanging = () => () => {};

/**
 * Whether the visitor gets the mobile pages (spec §2.3), decided once, on arrival. Prerendered HTML
 * hydrates as the device it was rendered for, then switches if the visitor's device differs.
 */
export function useMobileVisitor(): boolean {
  const rendered = useContext(RenderedDeviceContext);
  return useSyncExternalStore(unchanging, onArrival, () => (rendered === undefined ? onArrival() : rendered === 'mobile'));
}
