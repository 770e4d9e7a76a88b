import type { Texts } from '../../i18n';
import type { OrchestrationTexts } from '../orchestration';
import { CLAIMS, INTEGRATIONS } from '../claims';

export default {
  eyebrow: 'Orchestration multicanale · prévu',
  title: 'Un seul parcours sur tous les canaux',
  lead: 'Aperçu d’une fonctionnalité prévue, pas encore disponible. Commencez par un e-mail, enchaînez avec un SMS, passez le relais à un appel et fixez le rendez-vous : Switchboard coordonne les canaux pour que chaque client ait de vos nouvelles une seule fois, au bon endroit.',
  startTrial: 'Démarrer l’essai gratuit',
  seeBuilder: 'Voir l’éditeur d’automatisations',
  sectionsLabel: 'Rubriques de l’orchestration',
  tabs: { overview: 'Vue d’ensemble', campaigns: 'Campagnes', languages: 'Langues', analytics: 'Analyses' },
  channelsHeading: 'Canaux',
  channels: {
    email: { title: 'E-mail', text: 'Des e-mails personnels, envoyés au bon moment depuis votre propre domaine, avec suivi des ouvertures et des réponses.' },
    sms: { title: 'SMS', text: 'Des SMS bidirectionnels depuis des numéros locaux, pour les rappels et les réponses rapides.' },
    voice: { title: 'Voix', text: 'Appels et dépôts de messages vocaux, consignés sur le contact avec leur résultat.' },
    social: { title: 'Réseaux sociaux', text: 'Publicités à formulaire et messages des réseaux sociaux, traités dans la même boîte de réception.' },
    web: { title: 'Web', text: 'Formulaires, pages d’atterrissage et chat qui créent et mettent à jour les contacts.' },
    calendar: { title: 'Agenda', text: 'Liens de réservation et rappels, rattachés au parcours qui a mené au rendez-vous.' },
  },
  campaignsTitle: 'Exemples de campagnes',
  campaignsNote: 'Un aperçu des commandes de campagne ; les interrupteurs ne modifient que cette page.',
  allCampaigns: (live: boolean) => `Toutes les campagnes : ${live ? 'en ligne' : 'en pause'}`,
  running: 'En cours',
  stopped: 'Arrêtée',
  campaigns: {
    welcome: { name: 'Bienvenue aux nouveaux prospects', channels: 'E-mail → SMS → Tâche d’appel', audience: 'Prospects du site web' },
    'no-show': { name: 'Relance des absents', channels: 'SMS → E-mail → Agenda', audience: 'Rendez-vous manqués' },
    renewal: { name: 'Rappel de renouvellement', channels: 'E-mail → Voix', audience: 'Contrats arrivant à échéance sous 30 jours' },
  },
  languagesTitle: 'Langues des messages (prévu)',
  languagesNote: 'Chaque contact reçoit les messages dans sa langue ; les modèles gardent une version par langue.',
  status: { primary: 'Principale', available: 'Disponible', beta: 'Bêta' },
  languages: { en: 'Anglais', es: 'Espagnol', fr: 'Français', de: 'Allemand', pt: 'Portugais', it: 'Italien', nl: 'Néerlandais', ja: 'Japonais', zh: 'Chinois (simplifié)', ar: 'Arabe' },
  analyticsTitle: 'Résultats par canal',
  analyticsLabel: 'L’orchestration en chiffres',
  stats: [
    { value: String(CLAIMS.channels), label: 'canaux intégrés : le SMS, l’e-mail et le chat du site' },
    { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
    { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
    { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
  ],
  analyticsNote: 'Dans votre compte, l’écran Rapports affiche les envois, réponses, rendez-vous et le chiffre d’affaires par canal et par parcours, à partir de vos propres données.',
  ctaTitle: 'Rejoignez vos clients là où ils sont',
  ctaText: 'Créez votre premier parcours multicanal à partir d’un modèle pendant votre essai gratuit.',
  bookDemo: 'Réserver une démo',
} satisfies Texts<OrchestrationTexts>;
