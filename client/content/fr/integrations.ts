import type { Texts } from '../../i18n';
import type { IntegrationsTexts } from '../integrations';
import { CLAIMS } from '../claims';

export default {
  eyebrow: 'Intégrations',
  title: `${CLAIMS.integrations} intégrations incluses, une seule fiche client`,
  lead: 'Stripe pour la facturation, Twilio pour les SMS, Kit pour vos formulaires, Google Analytics pour votre site, et une API REST pour tout le reste : ce à quoi Switchboard se connecte aujourd’hui, chaque échange sur la bonne fiche.',
  startTrial: 'Démarrer l’essai gratuit',
  apiReference: 'Référence de l’API',
  categoriesTitle: 'Intégrations incluses',
  categories: {
    payments: {
      title: 'Facturation',
      text: 'Votre abonnement Switchboard est facturé via Stripe, avec son portail client pour les cartes et les factures.',
      points: ['Stripe Checkout', 'Portail client Stripe'],
    },
    sms: {
      title: 'SMS',
      text: 'SMS bidirectionnels depuis votre numéro Twilio, avec statut de remise et désinscriptions ; un bac à sable tant que vous n’avez pas ajouté vos identifiants.',
      points: ['Twilio', 'Statut de remise', 'Désinscription par STOP'],
    },
    email: {
      title: 'E-mail',
      text: 'E-mails individuels et leurs réponses par votre propre serveur SMTP, signés DKIM, avec désinscription en un clic et liste d’exclusion ; un bac à sable tant que SMTP_URL n’est pas défini.',
      points: ['Tout serveur SMTP', 'Signature DKIM', 'Désinscription en un clic'],
    },
    forms: {
      title: 'Formulaires de prospects',
      text: 'Les prospects de vos formulaires deviennent des contacts et peuvent être transmis à votre compte Kit.',
      points: ['Kit (ConvertKit)', 'Formulaires du site'],
    },
    analytics: { title: 'Mesure d’audience', text: 'Le site public peut envoyer pages vues et inscriptions à votre propriété Google Analytics.', points: ['Google Analytics'] },
    api: {
      title: 'Vos propres systèmes',
      text: 'Une API REST documentée, avec des clés d’API par rôle et une référence OpenAPI, et des webhooks sortants (Paramètres → Webhooks), signés selon Standard Webhooks et réessayés pendant 24 heures, avec un journal des envois.',
      points: ['API REST sur /api/v1', 'Référence OpenAPI 3.1', 'Webhooks sortants', 'Import CSV des contacts'],
    },
    planned: {
      title: 'Prévu',
      text: 'La synchronisation des agendas et une place de marché de connecteurs sans code sont prévues, pas encore disponibles.',
      points: ['Synchronisation des agendas', 'Connecteurs sans code'],
    },
  },
  missingTitle: 'Il vous manque quelque chose ?',
  missingText:
    'Tout ce qui peut appeler une API REST peut dialoguer avec Switchboard : créez une clé d’API avec le rôle nécessaire et appelez les points d’accès documentés sous /api/v1. Switchboard est open source : vous pouvez aussi ajouter une intégration vous-même.',
  ctaTitle: 'Venez avec vos outils',
  ctaText: 'Ajoutez votre numéro Twilio et votre compte Kit pendant votre essai gratuit.',
  talkToUs: 'Parlons-en',
} satisfies Texts<IntegrationsTexts>;
