import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useMobileVisitor } from '../../lib/mobile-visitor';

export const Route = createFileRoute('/(site)/')({
  staticData: {
    description:
      'Switchboard is the open-source CRM and marketing-automation platform: contacts, pipeline, SMS, e-mail, website chat and appointments in one place, with automations that follow up by SMS and e-mail. 14-day free trial, no credit card.',
  },
  component: Landing,
});

// Each visitor downloads one of the two landings (the page arrives prerendered, its code follows).
const DesktopLanding = lazy(() => import('./-landing/desktop-landing').then((m) => ({ default: m.DesktopLanding })));
const MobileLanding = lazy(() => import('./-landing/mobile-landing').then((m) => ({ default: m.MobileLanding })));

/** Spec public-site §2.2, or §2.3's simplified page on a mobile device (decided once, on arrival). */
function Landing() {
  return <Suspense>{useMobileVisitor() ? <MobileLanding /> : <DesktopLanding />}</Suspense>;
}
