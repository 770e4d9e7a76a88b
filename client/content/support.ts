/**
 * How visitors reach the team (spec public-site §9 support claims). The one place to set the site
 * owner's real addresses and number; every public page reads them from here.
 */
export const SUPPORT = {
  supportEmail: 'support@switchboard-crm.com',
  salesEmail: 'sales@switchboard-crm.com',
  partnersEmail: 'partners@switchboard-crm.com',
  phone: '+1 (888) 555-0142',
  phoneHref: 'tel:+18885550142',
  chatResponse: 'Live chat: replies in under 2 minutes, 24/7',
  emailResponse: 'E-mail: answered within 4 hours',
  hours: [
    { days: 'Monday – Friday', time: '9AM – 6PM EST' },
    { days: 'Saturday', time: '10AM – 4PM EST' },
    { days: 'Sunday', time: 'Closed (live chat stays open)' },
  ],
  emergency: '24/7 emergency line for Enterprise customers',
} as const;
