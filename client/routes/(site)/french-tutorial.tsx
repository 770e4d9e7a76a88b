import { createFileRoute, Link } from '@tanstack/react-router';
import { TutorialList } from '../../components/marketing/tutorial-list';
import { PublicLayout } from '../../components/public-layout';
import { FRENCH_TUTORIALS } from '../../content/fr/tutorials';

export const Route = createFileRoute('/(site)/french-tutorial')({
  staticData: {
    title: 'Tutoriel en français',
    description: 'Tutoriel Switchboard en français : premiers pas, import des contacts et création d’une automatisation, étape par étape.',
  },
  component: FrenchTutorial,
});

function FrenchTutorial() {
  return (
    <PublicLayout>
      <div lang="fr" className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Tutoriel Switchboard</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
          Trois guides pas à pas pour bien démarrer : créer votre espace, importer vos contacts et préparer votre première automatisation. Comptez une heure au total.
        </p>
        <div className="mt-8">
          <TutorialList tutorials={FRENCH_TUTORIALS} minutesLabel={(m) => `${m} min`} />
        </div>
        <p className="mt-8 text-gray-700 dark:text-gray-300">
          Besoin d’aide ? Posez votre question dans le chat en direct, ou à la communauté sur GitHub.{' '}
          <Link to="/tutorials" hrefLang="en" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Tous les tutoriels (en anglais)
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
