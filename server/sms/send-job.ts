import type { AppDeps } from '../deps';
import type { SmsProvider } from './twilio';

/*
 * What accepting messages (service.ts) and sending them (delivery.ts) agree on: the sms.send job,
 * its chunk size and the sender's rate that paces both.
 */

/** The job that sends a chunk of outbound messages of one organization (server/sms/jobs.ts). */
export const SEND_JOB = 'sms.send';
export type SendJobData = { organizationId: string; messageIds: string[] };

/** The most messages one sms.send job carries. */
export const SEND_CHUNK_MAX = 100;

/**
 * Messages per sms.send job: about one second of the sender's rate (1 for a long code at 1/s, the
 * maximum when the limit is lifted), so a chunk takes about as long to send as one message did when
 * each had its job, and a job's run stays far inside its expiry however many run beside it.
 */
export function sendChunkSize(rate: number): number {
  return rate <= 0 ? SEND_CHUNK_MAX : Math.min(SEND_CHUNK_MAX, Math.max(1, Math.floor(rate)));
}

/** Messages per second of a sender unless TWILIO_SENDER_MPS says otherwise: a long code 1, a messaging service (or the sandbox) 100. */
export function senderRate(deps: Pick<AppDeps, 'config'>, provider: SmsProvider): number {
  const configured = deps.config.twilio.senderMps;
  const rate = configured[provider.sender] ?? configured['*'];
  if (rate !== undefined) return rate;
  return provider.mode === 'twilio' && provider.sender.startsWith('+') ? 1 : 100;
}
