import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatDateTime } from '../../../../lib/format';
import { ATTRIBUTION_PARTS } from './labels';
import type { ContactDetail } from './types';

/** Where the contact came from: the first and the latest marketing touch. */
export function AttributionCard({ contact, timeZone }: { contact: ContactDetail; timeZone: string }) {
  const touches = [
    ['First touch', contact.firstAttribution],
    ['Latest touch', contact.latestAttribution],
  ] as const;
  const none = !contact.firstAttribution && !contact.latestAttribution;
  return (
    <Card role="region" aria-label="Attribution">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Attribution
        </CardTitle>
      </CardHeader>
      <CardContent className="@container">
        {none ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            No marketing touch recorded. Forms and tracked links record where a contact came from (source, medium, campaign, referrer, landing page).
          </p>
        ) : (
          <div className="grid gap-4 @md:grid-cols-2">
            {touches.map(([label, touch]) => (
              <div key={label} className="min-w-0">
                <h3 className="text-sm font-semibold text-gray-900 dark:text-gray-100">{label}</h3>
                {touch ? (
                  <dl className="mt-2 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
                    {ATTRIBUTION_PARTS.filter(([key]) => touch[key]).map(([key, partLabel]) => (
                      <div key={key} className="contents">
                        <dt className="text-gray-500 dark:text-gray-400">{partLabel}</dt>
                        <dd className="truncate" title={touch[key]}>
                          {touch[key]}
                        </dd>
                      </div>
                    ))}
                    <dt className="text-gray-500 dark:text-gray-400">When</dt>
                    <dd>
                      <time dateTime={touch.at}>{formatDateTime(touch.at, timeZone)}</time>
                    </dd>
                  </dl>
                ) : (
                  <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">None</p>
                )}
              </div>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
