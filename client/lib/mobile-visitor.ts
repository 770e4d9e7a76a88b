/** Spec public-site §9: the mobile breakpoint. */
export const MOBILE_BREAKPOINT = 768;

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|IEMobile|Opera Mini/i;

export type Device = { userAgent: string; touchPoints: number; width: number };

/** Spec §2.3: a mobile user agent, or a touch-capable device narrower than 768 px. */
export function isMobileDevice({ userAgent, touchPoints, width }: Device): boolean {
  return MOBILE_AGENT.test(userAgent) || (touchPoints > 0 && width < MOBILE_BREAKPOINT);
}

export function currentDevice(): Device {
  return { userAgent: navigator.userAgent, touchPoints: navigator.maxTouchPoints ?? 0, width: window.innerWidth };
}
