import CheckIcon from 'lucide-react/icons/check';
import { PublicLayout } from '../../../components/public-layout';
import { TrialForm } from './trial-form';
import { CLAIMS } from '../../../content/claims';

/** Spec §2.3: the simplified landing for phones. */
export function MobileLanding() {
  return (
    <PublicLayout>
      <section className="flex flex-col gap-6 px-5 py-10">
        <div>
          <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">14-day free trial · No credit card</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Switchboard</h1>
          <p className="mt-3 text-lg text-gray-700 dark:text-gray-200">Answer every lead and follow up on every deal, right from your phone.</p>
        </div>
        <TrialForm source="mobile_landing" />
        <ul className="flex flex-col gap-3 text-gray-700 dark:text-gray-200">
          {[
            'Contacts, pipeline and tasks in your pocket',
            'Two-way SMS with templates and quiet hours',
            'Website chat and lead forms on the same timeline',
            `Setup in ${CLAIMS.setupHours} hours, open source and self-hostable`,
          ].map((item) => (
            <li key={item} className="flex items-start gap-2">
              <CheckIcon className="mt-1 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  );
}
