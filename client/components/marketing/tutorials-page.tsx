import { Link } from '@tanstack/react-router';
import { TUTORIALS } from '../../content/tutorials';
import { PublicLayout } from '../public-layout';
import { TutorialList } from './tutorial-list';

/** /tutorials and /tutorial-system: the same page (spec public-site §2.1). */
export function TutorialsPage() {
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <header className="lg:col-span-2">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Tutorials</h1>
          <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">
            Step-by-step guides from your first login to the inbox and reports. Each takes 10 to 25 minutes; follow them in order or jump to what you need.
          </p>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">
            Also available in{' '}
            <Link to="/french-tutorial" className="font-medium text-indigo-700 underline dark:text-indigo-300" hrefLang="fr">
              French
            </Link>{' '}
            and{' '}
            <Link to="/arabic-tutorial" className="font-medium text-indigo-700 underline dark:text-indigo-300" hrefLang="ar">
              Arabic
            </Link>
            . Want a structured course? Try the{' '}
            <Link to="/training-course" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              training course
            </Link>
            .
          </p>
        </header>
        <nav aria-label="Tutorials" className="lg:sticky lg:top-20 lg:self-start">
          <ol className="grid gap-1 text-sm">
            {TUTORIALS.map((t, i) => (
              <li key={t.id}>
                <a href={`#${t.id}`} className="block rounded-md px-3 py-2 text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800">
                  {i + 1}. {t.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <TutorialList tutorials={TUTORIALS} />
      </div>
    </PublicLayout>
  );
}
