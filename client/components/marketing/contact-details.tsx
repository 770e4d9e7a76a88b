import { Link } from '@tanstack/react-router';
import { ClockIcon, MailIcon, MessageCircleIcon, MessagesSquareIcon, VideoIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT, SUPPORT_TEXTS } from '../../content/support';
import { useT } from '../../i18n';

const card = 'rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900';
const link = 'font-medium text-indigo-700 underline dark:text-indigo-300';

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className={card}>
      <Icon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
      <h3 className="mt-2 font-semibold text-gray-900 dark:text-white">{title}</h3>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{children}</p>
    </div>
  );
}

/** How to reach the team, from the support claims of spec §9 and the project's public contact points. */
export function ContactDetails() {
  const { text } = useT(SUPPORT_TEXTS);
  return (
    <address className="grid gap-4 not-italic">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ContactCard icon={MessageCircleIcon} title={text.cards.liveChat}>
          {text.chatResponse}
        </ContactCard>
        <ContactCard icon={MailIcon} title={text.cards.email}>
          <a className={link} href={`mailto:${SUPPORT.supportEmail}`}>
            {SUPPORT.supportEmail}
          </a>
          <br />
          {text.emailResponse}
        </ContactCard>
        <ContactCard icon={VideoIcon} title={text.cards.call}>
          {text.cards.callText}{' '}
          <Link className={link} to="/book-demo">
            {text.cards.bookCall}
          </Link>
        </ContactCard>
        <ContactCard icon={MessagesSquareIcon} title={text.cards.community}>
          {text.cards.communityText}{' '}
          <a className={link} href={SUPPORT.discussions}>
            {text.cards.discussions}
          </a>
        </ContactCard>
      </div>
      <div className={card}>
        <h3 className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
          <ClockIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {text.cards.hours}
        </h3>
        <ul className="mt-2 grid gap-1 text-sm text-gray-600 sm:grid-cols-3 dark:text-gray-300">
          {text.hours.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{text.emergency}.</p>
      </div>
    </address>
  );
}
