import { outcomeOf } from './deliver';
import { postSigned, signedHeaders, type SendResult } from './sender';
import { RefusedTarget, resolveTarget } from './ssrf';

/**
 * One signed POST to a URL that is not an endpoint (an automation's webhook step): the same SSRF
 * guard, checked and pinned at this attempt, the same Standard Webhooks signature and the same
 * reading of the answer as an endpoint delivery. The caller keeps its own retries.
 */
export async function postSignedOnce(input: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  allowPrivateNetworks: boolean;
}): Promise<{ outcome: 'delivered' | 'retry' | 'failed'; result: SendResult }> {
  let target;
  try {
    target = await resolveTarget(input.url, input.allowPrivateNetworks);
  } catch (error) {
    if (!(error instanceof RefusedTarget)) throw error;
    return { outcome: 'failed', result: { statusCode: null, responseExcerpt: null, error: `refused: ${error.message}`, durationMs: 0, retryAfterSeconds: null, timedOut: false } };
  }
  const result = await postSigned(target, signedHeaders([input.secret], input.messageId, new Date(), input.body), input.body);
  return { outcome: outcomeOf(result), result };
}
