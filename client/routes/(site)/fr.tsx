import { createFileRoute, Link } from '@tanstack/react-router';
import { BrainCircuitIcon, CheckIcon, LockKeyholeIcon, type LucideIcon, NetworkIcon, ServerIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { BillingToggle, type Billing } from '../../components/billing-toggle';
import { PublicLayout } from '../../components/public-layout';
import { plainButtonClasses } from '../../components/ui/button-classes';
import { FRENCH_PLANS } from '../../content/price-lists';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/fr')({
  staticData: {
    title: 'Switchboard Entreprise',
    description: `Switchboard pour les entreprises : CRM et automatisation marketing open source, hébergé chez vous, opérationnel en ${CLAIMS.setupHours} heures. Tarifs en euros.`,
  },
  component: FrenchEnterprisePage,
});

/** The French copy of each plan of the catalogue's euro list (prices: FRENCH_PLANS, spec §9). */
const PLAN_COPY: Record<string, { name: string; text: string; features: string[]; popular?: boolean }> = {
  Professional: {
    name: 'Professionnel',
    text: 'Pour les équipes commerciales qui structurent leur croissance.',
    features: ['25 000 contacts', '25 membres d’équipe', 'Automatisations par SMS et e-mail', 'Support communautaire sur GitHub'],
  },
  Enterprise: {
    name: 'Entreprise',
    text: 'Pour les organisations multi-sites et les directions commerciales.',
    features: ['100 000 contacts', 'Équipe illimitée', 'Rôles et journal d’audit', 'Auto-hébergement sur vos serveurs'],
    popular: true,
  },
  Ultimate: {
    name: 'Ultimate',
    text: 'Pour les groupes aux exigences réglementaires et d’intégration spécifiques.',
    features: ['Contacts illimités', 'Hébergement dans votre infrastructure', 'Développements sur mesure', 'Engagement de niveau de service contractuel'],
  },
};

/** The annual price is per month, billed yearly (20 % off). */
const PLANS = FRENCH_PLANS.plans.map((plan) => ({ ...PLAN_COPY[plan.name]!, monthly: plan.monthly, annual: plan.yearly }));

const CAPABILITIES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: BrainCircuitIcon, title: 'Score prédictif des prospects (prévu)', text: 'Prévu, pas encore disponible\u202f: chaque prospect noté selon ses chances de conclure.' },
  {
    icon: NetworkIcon,
    title: 'Orchestration multicanale',
    text: `Le SMS, l’e-mail et le chat du site dans un même parcours (${CLAIMS.channels} canaux intégrés), et un site en ${CLAIMS.languages} langues\u202f: français, anglais et arabe.`,
  },
  { icon: ShieldCheckIcon, title: 'Sécurité et conformité', text: 'Rôles, journal d’audit complet, données cloisonnées par organisation : de quoi répondre au RGPD.' },
  { icon: ServerIcon, title: 'Vos données chez vous', text: 'Switchboard est open source : hébergez-le dans la région et sur l’infrastructure qu’exige votre politique.' },
  { icon: UsersIcon, title: 'Pilotage des équipes', text: 'Pipelines par équipe, objectifs, tâches et rapports consolidés pour la direction commerciale.' },
  { icon: LockKeyholeIcon, title: 'Identifiants protégés', text: 'Mots de passe hachés avec Argon2id, clés d’API révocables et sessions maîtrisées.' },
];

const STEPS = [
  { weeks: 'Étape 1', title: 'Cadrage', text: 'Ateliers avec vos équipes, cartographie des processus commerciaux et des sources de données.' },
  { weeks: 'Étape 2', title: 'Migration', text: 'Import et dédoublonnage des contacts et des affaires depuis tout outil qui exporte un CSV.' },
  { weeks: 'Étape 3', title: 'Modèles et attribution', text: 'Modèles de SMS et d’e-mail, étiquettes et règles d’attribution préparés et testés avec vos responsables.' },
  { weeks: 'Étape 4', title: 'Déploiement', text: 'Formation des équipes, mise en production et suivi des premiers indicateurs.' },
];

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

function FrenchEnterprisePage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-5xl px-4 pt-16 pb-12 text-center sm:px-6 lg:px-8">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">Switchboard Entreprise</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">Le CRM qui fait grandir les entreprises exigeantes</h1>
        <p className="mx-auto mt-4 max-w-3xl text-lg text-gray-700 dark:text-gray-200">
          Prospects, affaires, SMS, e-mails et rendez-vous réunis dans une seule plateforme, hébergée là où vous le décidez. Opérationnel en {CLAIMS.setupHours} heures, résiliable à tout moment.
        </p>
        <nav aria-label="Liens de la page" className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/features" className={plainButtonClasses('default', 'lg')}>
            Découvrir les fonctionnalités
          </Link>
          <Link to="/french-tutorial" className={plainButtonClasses('outline', 'lg')}>
            Tutoriel en français
          </Link>
        </nav>
      </section>

      <section aria-labelledby="fr-capabilities" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="fr-capabilities" className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">
          Six capacités pensées pour l’entreprise
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CAPABILITIES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 p-5 dark:border-gray-800">
              <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
              <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="fr-plan" className="bg-gray-50 py-16 dark:bg-gray-900/40">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="fr-plan" className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">
            Un déploiement en quatre étapes
          </h2>
          <ol className="mt-8 grid gap-4 md:grid-cols-4">
            {STEPS.map((step) => (
              <li key={step.title} className="rounded-xl bg-white p-5 shadow-sm dark:bg-gray-900">
                <p className="text-xs font-medium text-indigo-700 dark:text-indigo-300">{step.weeks}</p>
                <h3 className="mt-1 font-semibold text-gray-900 dark:text-white">{step.title}</h3>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="fr-pricing" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-4 text-center">
          <h2 id="fr-pricing" className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">
            Tarifs
          </h2>
          <BillingToggle value={billing} onChange={setBilling} badge="−20 %" labels={{ group: 'Période de facturation', monthly: 'Mensuel', yearly: 'Annuel' }} />
        </div>
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => {
            const price = billing === 'monthly' ? plan.monthly : plan.annual;
            return (
              <li key={plan.name} className={`flex flex-col rounded-2xl border p-6 ${plan.popular ? 'border-indigo-600 shadow-lg' : 'border-gray-200 dark:border-gray-800'}`}>
                <h3 className="text-xl font-semibold text-gray-900 dark:text-white">{plan.name}</h3>
                {plan.popular ? <p className="mt-1 text-xs font-semibold text-indigo-700 dark:text-indigo-300">Le plus choisi</p> : null}
                <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{plan.text}</p>
                <p className="mt-6 text-gray-900 dark:text-white">
                  {price === null ? (
                    <span className="text-3xl font-bold">Sur devis</span>
                  ) : (
                    <>
                      <span className="text-4xl font-bold">{euros.format(price)}</span>
                      <span className="text-sm text-gray-600 dark:text-gray-300"> / mois{billing === 'yearly' ? ', facturé annuellement' : ''}</span>
                    </>
                  )}
                </p>
                <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm text-gray-700 dark:text-gray-200">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
                {price === null ? (
                  <Link to="/contact" className={plainButtonClasses('outline', 'md', 'mt-6')}>
                    Contacter l’équipe commerciale
                  </Link>
                ) : (
                  <Link to="/pricing" className={plainButtonClasses(plan.popular ? 'default' : 'outline', 'md', 'mt-6')}>
                    Choisir {plan.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-300">Essai gratuit de 14 jours sans carte bancaire · Aucun frais de mise en service · Prix hors taxes</p>
      </section>
    </PublicLayout>
  );
}
