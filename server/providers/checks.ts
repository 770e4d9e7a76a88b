import { createGateway } from '../billing/stripe';
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { emailTransport, organizationSmtpServer, smtpTransport } from '../email/transport';
import type { ProviderValues } from '../kernel/provider-settings';
import { createKitClient } from '../leads/kit';
import { organizationTwilio, ProviderError, smsProvider } from '../sms/twilio';

/*
 * "Test connection" of each provider: one authenticated call that changes nothing, through the same
 * client the product sends with, answering what went wrong in words that name the problem.
 */

export type ConnectionResult = { ok: boolean; detail: string };

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What Twilio's account errors mean for whoever typed the credentials. */
const TWILIO_ACCOUNT_ERRORS: Record<string, string> = {
  '20003': 'Twilio refused the Account SID and auth token (error 20003: authentication failed): check both',
  '20404': 'Twilio has no account with this Account SID (error 20404)',
};

/** Fetches the account through the SDK (against TWILIO_API_BASE_URL): the environment's account, or the organization's own. */
export async function checkTwilio(config: Config, own: ProviderValues['twilio'] | null): Promise<ConnectionResult> {
  const provider = own ? organizationTwilio(config, own) : smsProvider(config);
  if (provider.mode === 'sandbox') return { ok: false, detail: 'Twilio is not configured: SMS runs on the sandbox, nothing leaves the machine' };
  try {
    const account = await provider.account();
    return { ok: account.status === 'active', detail: `Twilio account “${account.friendlyName}” is ${account.status}` };
  } catch (error) {
    const code = error instanceof ProviderError ? error.code : null;
    return { ok: false, detail: (code && TWILIO_ACCOUNT_ERRORS[code]) ?? `Twilio could not be reached or refused the request: ${reason(error)}` };
  }
}

/** Connects and authenticates with nodemailer's verify() (nothing is sent): SMTP_URL's server, or the organization's own. */
export async function checkSmtp(deps: AppDeps, own: ProviderValues['smtp'] | null): Promise<ConnectionResult> {
  if (!own) {
    const transport = emailTransport(deps);
    if (transport.mode === 'sandbox') return { ok: false, detail: 'No SMTP server is configured: e-mail stays in the sandbox outbox' };
    return transport.verify();
  }
  // A transport of its own, closed after: the test must not reuse (or disturb) the pool sending mail.
  const transport = smtpTransport(deps, organizationSmtpServer(own));
  try {
    const result = await transport.verify();
    return result.ok ? { ok: true, detail: `Connected and authenticated to ${own.host}:${own.port}` } : { ok: false, detail: `The SMTP server ${own.host}:${own.port} answered: ${result.detail}` };
  } finally {
    await transport.close();
  }
}

/** Reads the balance with the secret key (STRIPE_API_BASE_URL applies). */
export async function checkStripe(config: Config, values: Pick<ProviderValues['stripe'], 'secretKey'>): Promise<ConnectionResult> {
  try {
    const currencies = await createGateway({ ...config.stripe, secretKey: values.secretKey }).balanceCurrencies();
    return { ok: true, detail: `Stripe accepted the secret key${currencies.length > 0 ? `; balance in ${currencies.join(', ').toUpperCase()}` : ''}` };
  } catch (error) {
    return { ok: false, detail: reason(error) };
  }
}

/** An authenticated GET of the account (KIT_API_BASE_URL applies). */
export async function checkKit(config: Config, values: ProviderValues['kit']): Promise<ConnectionResult> {
  try {
    const account = await createKitClient({ apiKey: values.apiKey, baseUrl: config.kitApiBaseUrl }).account();
    return { ok: true, detail: `Kit accepted the API key (account “${account.name}”)` };
  } catch (error) {
    return { ok: false, detail: reason(error) };
  }
}
