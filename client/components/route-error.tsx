import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { TriangleAlertIcon } from 'lucide-react';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card';

/** Shown in place of a route whose code or data failed to load (e.g. a chunk missing after a deploy). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="flex min-h-[60vh] flex-1 items-center justify-center p-6">
      <Card role="alert" className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
            <TriangleAlertIcon className="size-6" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Something went wrong
          </CardTitle>
          <CardDescription>This page could not be shown.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="rounded-md bg-gray-100 px-3 py-2 font-mono text-xs break-words text-gray-700 dark:bg-gray-800 dark:text-gray-300">{message}</p>
        </CardContent>
        <CardFooter className="justify-center">
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
