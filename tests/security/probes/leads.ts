import { uniqueEmail } from '../../helpers/factories';
import type { Probe } from './types';

/** A submission to form `formId` recorded in organization A (as if A owned the public site). */
async function submissionInA(deps: Parameters<Probe>[0], organizationId: string, formId: string) {
  await deps.database.db
    .insertInto('form_submissions')
    .values({ organization_id: organizationId, form_id: formId, email: uniqueEmail('probe-lead'), tags: [], payload: '{}' })
    .execute();
}

export const probes: Record<string, Probe> = {
  // Public: a visitor's lead goes to the site owner organization, whoever calls; formId names no record.
  'leads.submit': async () => ({ input: { formId: 'probe-form' }, accept: () => false }),
  'leads.submissions': async (deps, a) => {
    await submissionInA(deps, a.organizationId, 'probe-form');
    return {
      input: { formId: 'probe-form' },
      accept: (result: unknown) => {
        const page = result as { items: unknown[]; total: number };
        return page.items.length === 0 && page.total === 0;
      },
    };
  },
};
