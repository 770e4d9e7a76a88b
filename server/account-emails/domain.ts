import { defineDomain } from '../kernel/domain';
import { accountRest } from './rest';
import { accountRouter } from './router';

/** Account e-mails (issue #16): password reset, address verification and change, and the mailer auth and organizations ask through (server/kernel/account-emails.ts). */
export const accountEmailsDomain = defineDomain({ name: 'account-emails', router: { account: accountRouter }, rest: [{ path: '/auth', routes: () => accountRest }] });
