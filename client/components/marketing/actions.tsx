import { Link, type LinkProps } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { useT } from '../../i18n';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '../ui/button';

/**
 * A call to action on a public page. Public pages link to each other with the router (`to`); links
 * into the application (/app, /login, /signup …) are plain page loads (`href`), so the marketing
 * bundle never pulls in the application's code; `onClick` alone renders a button.
 */
export type MarketingAction = {
  label: string;
  variant?: ButtonVariant;
  icon?: LucideIcon;
  /** Runs before the navigation (analytics events). */
  onClick?: () => void;
} & ({ to: LinkProps['to']; hash?: string } | { href: string; newTab?: boolean } | { to?: undefined; href?: undefined });

export function ActionLink({ action, size = 'lg', className }: { action: MarketingAction; size?: ButtonSize; className?: string }) {
  const { t } = useT();
  const classes = buttonClasses({ variant: action.variant ?? 'default', size, className });
  const content = (
    <>
      {action.icon ? <action.icon className="size-4" aria-hidden /> : null}
      {action.label}
    </>
  );
  if ('to' in action && action.to) {
    return (
      <Link to={action.to} hash={action.hash} onClick={action.onClick} className={classes}>
        {content}
      </Link>
    );
  }
  if ('href' in action && action.href) {
    return (
      <a href={action.href} onClick={action.onClick} className={classes} {...(action.newTab ? { target: '_blank', rel: 'noopener' } : {})}>
        {content}
        {action.newTab ? <span className="sr-only"> {t('marketing.newTab')}</span> : null}
      </a>
    );
  }
  return (
    <button type="button" onClick={action.onClick} className={classes}>
      {content}
    </button>
  );
}

export function Actions({ actions, size, className }: { actions: MarketingAction[]; size?: ButtonSize; className?: string }) {
  return (
    <div className={className ?? 'flex flex-wrap gap-3'}>
      {actions.map((action) => (
        <ActionLink key={action.label} action={action} size={size} />
      ))}
    </div>
  );
}
