import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/public-layout';

export const Route = createFileRoute('/pricing')({
  staticData: { title: 'Pricing' },
  component: PricingPage,
});

function PricingPage() {
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Pricing</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
          Switchboard is open source: you can run it on your own server at no cost. Plans for the hosted service, with what each
          includes, will be published on this page.
        </p>
      </section>
    </PublicLayout>
  );
}
