import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { currentDevice, isMobileDevice } from '../lib/mobile-visitor';
import { DesktopLanding } from './-landing/desktop-landing';
import { MobileLanding } from './-landing/mobile-landing';

export const Route = createFileRoute('/')({
  staticData: {
    description:
      'Switchboard is the open-source CRM and marketing-automation platform: contacts, pipeline, campaigns, SMS, appointments and automations in one place. 14-day free trial, no credit card.',
  },
  component: Landing,
});

/** Spec public-site §2.2, or §2.3's simplified page on a mobile device (decided once, on arrival). */
function Landing() {
  const [mobile] = useState(() => isMobileDevice(currentDevice()));
  return mobile ? <MobileLanding /> : <DesktopLanding />;
}
