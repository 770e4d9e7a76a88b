import type { Texts } from '../../i18n';
import type { IntegrationsTexts } from '../integrations';

export default {
  eyebrow: 'Intégrations',
  title: (count: string) => `${count} intégrations, une seule fiche client`,
  lead: 'Switchboard se connecte aux agendas, prestataires de paiement, boîtes de réception, boutiques en ligne et régies publicitaires que vous utilisez déjà : chaque échange arrive sur la bonne fiche contact.',
  startTrial: 'Démarrer l’essai gratuit',
  apiReference: 'Référence de l’API',
  categoriesTitle: 'Intégrations populaires par catégorie',
  categories: {
    calendars: { title: 'Agendas et réunions', text: 'Les rendez-vous s’inscrivent dans l’agenda que votre équipe utilise déjà.', points: ['Google Agenda', 'Microsoft Outlook', 'Zoom', 'Google Meet'] },
    payments: { title: 'Paiements', text: 'Encaissez paiements par carte, acomptes et abonnements, et voyez le chiffre d’affaires sur chaque contact.', points: ['Stripe', 'PayPal', 'Square', 'Virements ACH et factures'] },
    email: { title: 'E-mail', text: 'Envoyez depuis votre propre domaine et retrouvez les réponses dans la chronologie du contact.', points: ['Gmail', 'Microsoft 365', 'Mailgun', 'Amazon SES'] },
    sms: { title: 'SMS et voix', text: 'SMS bidirectionnels et appels depuis des numéros locaux de votre pays.', points: ['Twilio', 'Numéros locaux et gratuits', 'Enregistrement des appels', 'Dépôt de messages vocaux'] },
    commerce: { title: 'E-commerce', text: 'Automatisations de panier abandonné et d’après-achat déclenchées par les événements de votre boutique.', points: ['Shopify', 'WooCommerce', 'BigCommerce', 'Webhooks de commande'] },
    ads: { title: 'Publicité et réseaux sociaux', text: 'Les prospects issus de vos publicités arrivent comme contacts, étiquetés avec la campagne.', points: ['Facebook Lead Ads', 'Google Ads', 'LinkedIn Lead Gen', 'Instagram'] },
    automation: { title: 'Plateformes d’automatisation', text: 'Accédez à des milliers d’autres applications grâce aux connecteurs sans code.', points: ['Zapier', 'Make', 'n8n', 'Pabbly Connect'] },
    api: { title: 'Vos propres systèmes', text: 'Une API REST documentée, avec des clés d’API par rôle, une référence OpenAPI et des webhooks.', points: ['API REST sur /api/v1', 'Référence OpenAPI 3.1', 'Webhooks sortants', 'Import et export CSV'] },
  },
  missingTitle: 'Il vous manque quelque chose ?',
  missingText:
    'Tout ce qui dispose d’une API peut dialoguer avec Switchboard : créez une clé d’API avec le rôle nécessaire et appelez les mêmes points d’accès que nos propres écrans. Notre équipe support vous aide à tout brancher, et nous ajoutons les intégrations natives les plus demandées par nos clients.',
  ctaTitle: 'Venez avec vos outils',
  ctaText: 'Connectez votre agenda et votre prestataire de paiement en quelques minutes pendant votre essai gratuit.',
  talkToUs: 'Parlons-en',
} satisfies Texts<IntegrationsTexts>;
