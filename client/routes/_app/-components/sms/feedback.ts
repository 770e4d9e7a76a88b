import { errorCodeOf, errorMessageOf } from '../../../../lib/errors';
import { toast } from '../../../../state/toast';

/**
 * Spec app-core §8: a server's refusal shows the server's text under `failedTitle`; a request that
 * never got an answer (network) shows `errorTitle` with the error's message or the fallback.
 */
export function toastSendError(error: unknown, titles: { failedTitle: string; errorTitle: string; fallback: string }): void {
  const answeredByServer = errorCodeOf(error) !== undefined;
  if (answeredByServer) {
    toast({ title: titles.failedTitle, description: error instanceof Error ? error.message : titles.fallback, variant: 'destructive' });
    return;
  }
  toast({ title: titles.errorTitle, description: errorMessageOf(error, titles.fallback), variant: 'destructive' });
}

export function missingInformation(description: string): void {
  toast({ title: 'Missing Information', description, variant: 'destructive' });
}
