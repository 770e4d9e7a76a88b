import type { Texts } from '../../i18n';
import type { HelpTexts } from '../help';
import { CLAIMS, INTEGRATIONS } from '../claims';

export default {
  title: 'Comment pouvons-nous vous aider ?',
  lead: 'Parcourez les tutoriels vidéo, consultez les questions fréquentes ou parlez à notre équipe.',
  searchLabel: 'Rechercher dans les articles et les vidéos d’aide',
  searchPlaceholder: 'Rechercher un tutoriel',
  liveChat: 'Chat en direct',
  waysTitle: 'Comment obtenir de l’aide',
  ways: {
    videos: { title: 'Tutoriels vidéo', text: 'De courtes présentations de chaque partie de Switchboard, de la première connexion aux automatisations avancées.' },
    support: { title: 'Support en direct', text: (chat: string) => `${chat}. Appels et partages d’écran sur rendez-vous.` },
    knowledge: { title: 'Base de connaissances', text: 'Des guides écrits pas à pas, l’Académie et le parcours de formation complet.', action: 'Ouvrir les tutoriels' },
  },
  videosTitle: 'Tutoriels vidéo',
  filterLabel: 'Filtrer les vidéos par catégorie',
  categories: { all: 'Toutes les vidéos', 'getting-started': 'Premiers pas', campaigns: 'Campagnes', automation: 'Automatisation', analytics: 'Analyses', compliance: 'Conformité' },
  videoCount: (count: number) => (count <= 1 ? `${count} vidéo` : `${count} vidéos`),
  noMatch: (search: string) => `Aucun tutoriel ne correspond à « ${search} ». Essayez un autre mot, ou posez-nous la question dans le chat en direct.`,
  videosLabel: 'Vidéos',
  views: (count: string) => `${count} vues`,
  watch: 'Regarder',
  videos: {
    'getting-started': { title: 'Bien démarrer avec Switchboard', description: 'Créez votre espace de travail, invitez votre équipe et configurez votre premier pipeline en moins de 15 minutes.' },
    campaigns: { title: 'Votre première campagne SMS et e-mail', description: 'Choisissez un segment, rédigez un message qui suscite des réponses et programmez-le au meilleur moment.' },
    contacts: { title: 'Importer et organiser vos contacts', description: 'Importez un fichier CSV, associez les colonnes, fusionnez les doublons et enregistrez des vues pour votre équipe.' },
    automation: {
      title: 'Créer des automatisations visuellement',
      description: 'Déclencheurs, conditions, délais et actions : construisez un workflow de maturation des prospects à partir d’un modèle.',
    },
    compliance: { title: 'Configurer la conformité HIPAA', description: 'Signez l’accord de sous-traitance (BAA), définissez les rôles et gardez les messages aux patients conformes.' },
    analytics: { title: 'Lire vos rapports', description: 'Comprenez les rapports de chiffre d’affaires, de conversion et de campagnes, et exportez-les pour votre comptable.' },
  },
  faqTitle: 'Questions fréquentes',
  faqTopics: 'Thèmes des questions',
  faq: {
    'getting-started': {
      category: 'Premiers pas',
      questions: [
        {
          question: 'Combien de temps prend la mise en place ?',
          answer:
            'La prise en main dure environ 15 minutes : créez votre espace de travail, importez vos contacts et connectez votre agenda. La plupart des équipes sont pleinement opérationnelles en 24 à 48 heures.',
        },
        {
          question: 'Puis-je importer mes contacts existants ?',
          answer: 'Oui. Importez un fichier CSV exporté de n’importe quel outil : Switchboard associe les colonnes, normalise les numéros de téléphone et vous aide à fusionner les doublons.',
        },
        {
          question: 'Proposez-vous des formations ?',
          answer: 'Chaque offre comprend l’Académie, le parcours de formation en 8 modules, des tutoriels vidéo et un appel de prise en main gratuit avec notre équipe.',
        },
      ],
    },
    billing: {
      category: 'Facturation et tarifs',
      questions: [
        {
          question: 'Y a-t-il un essai gratuit ?',
          answer:
            'Oui, 14 jours avec toutes les fonctionnalités et sans carte bancaire. Il n’y a pas de frais d’installation, et les offres payantes bénéficient d’une garantie satisfait ou remboursé de 30 jours.',
        },
        {
          question: 'Comment fonctionnent les changements d’offre ?',
          answer:
            'Le passage à une offre supérieure s’applique immédiatement, la différence étant calculée au prorata. Le passage à une offre inférieure prend effet au début de votre prochain cycle de facturation.',
        },
        {
          question: 'Quels moyens de paiement acceptez-vous ?',
          answer: 'Toutes les principales cartes de crédit et de débit via notre prestataire de paiement, les virements bancaires ACH et la facturation annuelle pour les offres Enterprise.',
        },
      ],
    },
    features: {
      category: 'Fonctionnalités',
      questions: [
        {
          question: 'Quels canaux puis-je utiliser ?',
          answer: `${CLAIMS.channels} canaux sont intégrés, le SMS et le chat du site, chaque conversation sur la chronologie unique du contact, aux côtés des pages de réservation et des formulaires.`,
        },
        {
          question: 'Puis-je proposer Switchboard en marque blanche à mes clients ?',
          answer: 'Oui. Marque blanche, accès à l’API, domaines personnalisés, tests A/B et scoring des prospects sont inclus à partir de l’offre Unlimited.',
        },
        {
          question: 'Combien d’intégrations sont disponibles ?',
          answer: `${CLAIMS.integrations} intégrations sont incluses : ${INTEGRATIONS.join(', ')}. Tout le reste peut passer par l’API REST avec une clé d’API.`,
        },
      ],
    },
    technical: {
      category: 'Support technique',
      questions: [
        {
          question: 'Switchboard est-il conforme à la norme HIPAA ?',
          answer:
            'Oui. L’offre la plus complète inclut un accord de sous-traitance (BAA) signé ; les données des patients sont chiffrées en transit et au repos, et chaque accès est consigné dans le journal d’audit.',
        },
        {
          question: 'Quelle est votre disponibilité ?',
          answer:
            'Nous ne promettons pas de taux de disponibilité : Switchboard est open source et vous pouvez l’héberger vous-même. Vous pouvez consulter à tout moment l’état du service sur notre page de statut.',
        },
        {
          question: 'Comment joindre le support ?',
          answer:
            'Le chat en direct répond en moins de 2 minutes, jour et nuit, et l’e-mail sous 4 heures ; les appels et partages d’écran se réservent du lundi au vendredi de 9 h à 18 h et le samedi de 10 h à 16 h (heure de New York). Les clients Enterprise disposent d’un support d’urgence 24 h/24, 7 j/7, et la communauté open source répond sur GitHub Discussions.',
        },
      ],
    },
  },
  contactTitle: 'Contacter le support',
  startChat: 'Démarrer une conversation',
  emailSupport: 'Écrire au support',
  screenShare: 'Partage d’écran',
  screenShareText: 'Un spécialiste parcourt votre compte avec vous lors d’un appel vidéo.',
  bookSession: 'Réserver une session',
  moreResources: 'Autres ressources',
  links: { caseStudies: 'Études de cas', pricing: 'Tarifs', partnerships: 'Partenariats', academy: 'Académie' },
} satisfies Texts<HelpTexts>;
