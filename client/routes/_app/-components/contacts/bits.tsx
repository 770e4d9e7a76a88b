import type { ReactNode } from 'react';
import { MailXIcon, MessageSquareOffIcon, PhoneOffIcon } from 'lucide-react';
import { initialsOf } from '../../../../components/shell/user';
import { Badge } from '../../../../components/ui/badge';
import { Tooltip } from '../../../../components/ui/tooltip';
import { cn } from '../../../../lib/cn';
import { LIFECYCLE_LABELS, type TLifecycleStage } from '../../../../../server/contacts/schema';
import { DNC_LABELS, STAGE_SHORT, STAGE_TONE } from './labels';

export function StageBadge({ stage, className }: { stage: TLifecycleStage; className?: string }) {
  return (
    <Badge tone={STAGE_TONE[stage]} className={className} title={LIFECYCLE_LABELS[stage]}>
      {STAGE_SHORT[stage]}
    </Badge>
  );
}

const DNC_ICONS = { sms: MessageSquareOffIcon, email: MailXIcon, calls: PhoneOffIcon } as const;

/** The channels a contact asked not to be reached on; nothing when none. */
export function DncBadges({ dnc, compact = false }: { dnc: { sms: boolean; email: boolean; calls: boolean }; compact?: boolean }) {
  const channels = (['email', 'sms', 'calls'] as const).filter((c) => dnc[c]);
  if (channels.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {channels.map((c) => {
        const Icon = DNC_ICONS[c];
        return compact ? (
          <Tooltip key={c} content={DNC_LABELS[c]}>
            <span className="inline-flex" tabIndex={0} role="img" aria-label={DNC_LABELS[c]}>
              <Badge tone="red" className="px-1.5">
                <Icon className="size-3.5" aria-hidden />
              </Badge>
            </span>
          </Tooltip>
        ) : (
          <Badge key={c} tone="red">
            <Icon className="size-3.5" aria-hidden />
            {DNC_LABELS[c]}
          </Badge>
        );
      })}
    </span>
  );
}

export function TagList({ tags, max = Infinity }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {shown.map((t) => (
        <Badge key={t} tone="indigo">
          {t}
        </Badge>
      ))}
      {rest > 0 ? (
        <Tooltip content={tags.slice(max).join(', ')}>
          <span tabIndex={0} className="inline-flex rounded-full" aria-label={`${rest} more: ${tags.slice(max).join(', ')}`}>
            <Badge>+{rest}</Badge>
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}

export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300', className)}
    >
      {initialsOf(name)}
    </span>
  );
}

/** A value or a muted dash, so empty cells read as empty. */
export function OrDash({ children }: { children: ReactNode }) {
  const empty = children === null || children === undefined || children === '' || (Array.isArray(children) && children.length === 0);
  return empty ? <span className="text-gray-400 dark:text-gray-500">—</span> : <>{children}</>;
}
