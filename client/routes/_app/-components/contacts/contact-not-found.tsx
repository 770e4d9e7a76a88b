import { Link, type NotFoundRouteProps } from '@tanstack/react-router';
import { UserXIcon } from 'lucide-react';
import { NotFound } from '../../../../components/not-found';
import { buttonClasses } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';

/** The not-found data the contact's loader throws when the id names no contact (any other not-found keeps the usual card). */
export const CONTACT_NOT_FOUND = { contact: true } as const;

/** In the shell: the contact is gone (deleted, merged into another) or its id is wrong; else the usual card. */
export function ContactNotFound({ data }: NotFoundRouteProps) {
  if ((data as typeof CONTACT_NOT_FOUND | undefined)?.contact !== true) return <NotFound />;
  return (
    <div className="flex min-h-[60vh] flex-1 items-center justify-center p-6">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-400">
            <UserXIcon className="size-6" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Contact not found
          </CardTitle>
        </CardHeader>
        <CardContent className="grid justify-items-center gap-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">It may have been deleted or merged into another contact, or the link is not quite right.</p>
          <Link to="/contacts" className={buttonClasses()}>
            Back to contacts
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
