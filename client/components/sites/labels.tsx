import type { PageStatus } from '../../../server/sites/schema';
import { Badge } from '../ui/badge';

const STATUS: Record<PageStatus, { label: string; tone: 'gray' | 'green' | 'amber'; title: string }> = {
  draft: { label: 'Draft', tone: 'gray', title: 'Never published: visitors get the site’s 404 page' },
  published: { label: 'Published', tone: 'green', title: 'Visitors see the draft as it is' },
  changed: { label: 'Changed', tone: 'amber', title: 'Published, with draft changes not published yet' },
};

/** A page's state as visitors see it: never published, live as drafted, or live with unpublished edits. */
export function PageStatusBadge({ status }: { status: PageStatus }) {
  const { label, tone, title } = STATUS[status];
  return (
    <Badge tone={tone} title={title}>
      {label}
    </Badge>
  );
}

/** A custom domain: serving once its token was seen on the domain, waiting until then. */
export function DomainBadge({ domain, verified }: { domain: string; verified: boolean }) {
  return (
    <Badge tone={verified ? 'green' : 'amber'} title={verified ? `${domain} serves this site` : `${domain} is not verified yet`}>
      {domain}
      <span className="sr-only">{verified ? ' (verified)' : ' (not verified)'}</span>
      <span aria-hidden>{verified ? '✓' : '…'}</span>
    </Badge>
  );
}
