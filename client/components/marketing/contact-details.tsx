import { ClockIcon, MailIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { SUPPORT } from '../../content/support';

/** How to reach the team, from the support claims of spec §9. */
export function ContactDetails() {
  return (
    <address className="grid gap-4 not-italic sm:grid-cols-2 lg:grid-cols-4">
      <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
        <MessageCircleIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <h3 className="mt-2 font-semibold text-gray-900 dark:text-white">Live chat</h3>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{SUPPORT.chatResponse}</p>
      </div>
      <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
        <MailIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <h3 className="mt-2 font-semibold text-gray-900 dark:text-white">E-mail</h3>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
          <a className="font-medium text-indigo-700 underline dark:text-indigo-300" href={`mailto:${SUPPORT.supportEmail}`}>
            {SUPPORT.supportEmail}
          </a>
          <br />
          {SUPPORT.emailResponse}
        </p>
      </div>
      <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
        <PhoneIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <h3 className="mt-2 font-semibold text-gray-900 dark:text-white">Phone and video</h3>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
          <a className="font-medium text-indigo-700 underline dark:text-indigo-300" href={SUPPORT.phoneHref}>
            {SUPPORT.phone}
          </a>
          <br />
          {SUPPORT.emergency}
        </p>
      </div>
      <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
        <ClockIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <h3 className="mt-2 font-semibold text-gray-900 dark:text-white">Support hours</h3>
        <ul className="mt-1 text-sm text-gray-600 dark:text-gray-300">
          {SUPPORT.hours.map((h) => (
            <li key={h.days}>
              {h.days}: {h.time}
            </li>
          ))}
        </ul>
      </div>
    </address>
  );
}
