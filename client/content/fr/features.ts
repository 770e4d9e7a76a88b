import type { Texts } from '../../i18n';
import type { FeaturesTexts } from '../features';

export default {
  eyebrow: 'Fonctionnalités',
  title: 'Tout ce qu’il faut pour transformer vos prospects en clients',
  lead: 'Contacts, pipeline, rendez-vous, SMS, e-mail et chat du site dans une même boîte de réception fonctionnent ensemble dès le premier jour. Les automatisations relancent pour vous par SMS et e-mail. La plupart des équipes sont opérationnelles en 2 heures.',
  startTrial: 'Démarrer l’essai gratuit',
  bookDemo: 'Réserver une démo',
  seeInAction: 'Voir en action',
  toolsTitle: 'Six outils, une seule plateforme',
  toolsIntro: 'Chacun est efficace seul. Ensemble, ils suivent chaque prospect du premier clic à la signature.',
  numbersTitle: 'Les chiffres qui comptent',
  compareTitle: 'Switchboard face à la concurrence',
  ctaTitle: 'Essayez-le avec vos propres prospects',
  ctaText: 'Démarrez un essai gratuit et importez vos contacts, ou laissez-nous vous faire la visite lors d’un appel.',
  demoTitle: 'Demander une démo personnalisée',
  demoPanelTitle: 'Une présentation de 30 minutes, adaptée à votre équipe',
  demoPanelText: 'Indiquez votre e-mail professionnel et votre entreprise : un spécialiste produit vous contactera sous 24 heures pour fixer un créneau.',
} satisfies Texts<FeaturesTexts>;
