import { Link } from '@tanstack/react-router';
import { CompassIcon } from 'lucide-react';
import { useT } from '../i18n';
import { buttonClasses } from './ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card';

/** Any path without a route (the server answers it with index.html and status 404). */
export function NotFound() {
  const { t } = useT();
  return (
    <div className="flex min-h-[60vh] flex-1 items-center justify-center p-6">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-400">
            <CompassIcon className="size-6" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {t('notFound.title')}
          </CardTitle>
          <CardDescription className="font-medium text-indigo-700 dark:text-indigo-300">{t('notFound.code')}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('notFound.text')}</p>
        </CardContent>
        <CardFooter className="justify-center">
          <Link to="/" className={buttonClasses()}>
            {t('notFound.goHome')}
          </Link>
        </CardFooter>
      </Card>
    </div>
  );
}
