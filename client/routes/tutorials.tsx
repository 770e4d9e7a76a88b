import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/public-layout';

export const Route = createFileRoute('/tutorials')({
  staticData: { title: 'Tutorials' },
  component: TutorialsPage,
});

function TutorialsPage() {
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Tutorials</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
          Step-by-step guides to importing contacts, setting up a pipeline, sending your first campaign and building an
          automation will be published here.
        </p>
      </section>
    </PublicLayout>
  );
}
