import type { Texts } from '../../i18n';
import type { BasicLandingTexts } from '../basic-landing';

export default {
  title: 'La façon simple de gagner des clients et de les garder',
  lead: 'Switchboard réunit vos contacts, vos affaires, vos tâches et vos conversations au même endroit, pour qu’aucune relance ne se perde.',
  startTrial: 'Démarrer l’essai gratuit',
  seeFeatures: 'Voir toutes les fonctionnalités',
  whyTitle: 'Pourquoi les équipes changent d’outil',
  platformTitle: 'Une seule plateforme au lieu de huit outils',
  planTitle: 'Une offre pour commencer',
  planName: 'Growth',
  perMonth: 'par mois',
  includes: [
    'Contacts, pipeline et tâches',
    'E-mails et SMS depuis le CRM',
    'Rendez-vous et agenda d’équipe',
    'Automatisations par SMS et e-mail',
    'Rapports et export CSV',
    'Support communautaire sur GitHub',
  ],
  planButton: 'Démarrer votre essai gratuit de 14 jours',
  noSetupFee: 'Aucuns frais d’installation.',
  ctaTitle: 'Prêts quand vous l’êtes',
  ctaText: 'Créez votre espace de travail en une minute et importez vos contacts depuis un tableur.',
  comparePlans: 'Comparer les offres',
} satisfies Texts<BasicLandingTexts>;
