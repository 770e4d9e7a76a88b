import { pageTexts } from '../i18n';

/** The public lead forms' labels, buttons and messages (the toasts are spec public-site §5 and §8's, in English). */
const en = {
  email: 'Email',
  businessEmail: 'Business email',
  fullName: 'Full name',
  company: 'Company',
  companyName: 'Company name',
  phone: 'Phone',
  industry: 'Industry',
  interest: 'Interest',
  selectIndustry: 'Select an industry',
  chooseResource: 'Choose a resource',
  requiredNote: 'Fields marked * are required.',
  submitting: 'Submitting...',
  processing: 'Processing...',
  getStarted: 'Get Started',
  requestDemo: 'Request a Demo',
  subscribe: 'Subscribe',
  demoReceived: 'Demo Request Received',
  demoReceivedText: 'Our enterprise team will contact you within 24 hours.',
  industries: {
    technology: 'Technology',
    financialServices: 'Financial Services',
    healthcare: 'Healthcare',
    manufacturing: 'Manufacturing',
    energy: 'Energy & Utilities',
    government: 'Government',
    other: 'Other',
  },
  leadMagnets: {
    crmStrategyGuide: 'CRM strategy guide',
    roiCalculator: 'ROI calculator',
    executiveDemo: 'Executive demo',
  },
  toasts: {
    invalidEmailTitle: 'Invalid Email',
    invalidEmail: 'Please enter a valid business email address',
    errorTitle: 'Error',
    demoFailure: 'Unable to process request. Please try again or contact support.',
    successTitle: 'Success!',
    demoSuccess: 'Demo request sent. Our enterprise team will contact you within 24 hours.',
    leadSuccess: 'Thank you for your interest. We’ll be in touch within 2 business hours.',
    leadFailure: 'Something went wrong. Please try again.',
  },
  customDemo: 'Get Your Custom Demo',
};

export type FormsTexts = typeof en;
export const FORMS_TEXTS = pageTexts(en, { fr: () => import('./fr/forms'), ar: () => import('./ar/forms') });
