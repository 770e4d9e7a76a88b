import type { Page } from 'playwright-core';
import { CSP_REPORT_PATH } from '../../../server/http/security-headers';

export type Violation = { directive: string; blocked: string; source: string; sample: string; page: string };

/**
 * Collects the page's Content-Security-Policy violations, whichever document they happen in: the
 * `securitypolicyviolation` event (registered before any of the page's own code runs) and any report
 * the browser sends to our endpoint.
 */
export async function watchViolations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  await page.exposeFunction('__cspViolation', (v: Violation) => found.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation;
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample, page: location.pathname });
    });
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === CSP_REPORT_PATH) {
      found.push({ directive: 'report', blocked: '', source: '', sample: request.postData() ?? '', page: request.frame().url() });
    }
  });
  return found;
}
