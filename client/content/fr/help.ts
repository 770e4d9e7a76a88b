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
    videos: { title: 'Tutoriels vidéo', text: 'De courtes présentations de chaque partie de Switchboard, de la première connexion aux rapports et à la conformité.' },
    support: { title: 'Support en direct', text: (chat: string) => `${chat}. Appels et partages d’écran sur rendez-vous.` },
    knowledge: { title: 'Base de connaissances', text: 'Des guides écrits pas à pas, l’Académie et le parcours de formation complet.', action: 'Ouvrir les tutoriels' },
  },
  videosTitle: 'Tutoriels vidéo',
  filterLabel: 'Filtrer les vidéos par catégorie',
  categories: {
    all: 'Toutes les vidéos',
    'getting-started': 'Premiers pas',
    campaigns: 'SMS et e-mail',
    automation: 'Automatisations',
    analytics: 'Analyses',
    compliance: 'Conformité',
  },
  videoCount: (count: number) => (count <= 1 ? `${count} vidéo` : `${count} vidéos`),
  noMatch: (search: string) => `Aucun tutoriel ne correspond à « ${search} ». Essayez un autre mot, ou posez-nous la question dans le chat en direct.`,
  videosLabel: 'Vidéos',
  watch: 'Regarder',
  videos: {
    'getting-started': { title: 'Bien démarrer avec Switchboard', description: 'Créez votre espace de travail, invitez votre équipe et configurez votre premier pipeline en moins de 15 minutes.' },
    campaigns: { title: 'Votre premier envoi groupé de SMS', description: 'Collez les numéros, choisissez un modèle et envoyez, dans le respect des heures de silence et des désinscriptions.' },
    contacts: { title: 'Importer et organiser vos contacts', description: 'Importez un fichier CSV, associez les colonnes, fusionnez les doublons et enregistrez des vues pour votre équipe.' },
    automation: {
      title: 'Votre première automatisation',
      description: 'Déclencheurs, conditions, délais et étapes SMS ou e-mail, et comment configurer une relance de prospect à partir d’un modèle.',
    },
    compliance: { title: 'Configurer la conformité HIPAA', description: 'Définissez les rôles, consultez le journal d’audit et gardez les données des patients sur des serveurs que vous maîtrisez.' },
    analytics: { title: 'Lire vos rapports', description: 'Comprenez les rapports de chiffre d’affaires, de conversion et de pipeline, et exportez-les pour votre comptable.' },
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
          answer: 'Oui, 14 jours avec toutes les fonctionnalités et sans carte bancaire. Il n’y a pas de frais d’installation, et vous pouvez résilier à tout moment depuis Paramètres → Facturation.',
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
          answer: `${CLAIMS.channels} canaux sont intégrés, le SMS, l’e-mail et le chat du site, chaque conversation sur la chronologie unique du contact, aux côtés des formulaires de capture. Les campagnes e-mail et SMS touchent tout un segment d’un coup, et chaque agenda peut avoir une page de réservation publique où le visiteur choisit un créneau.`,
        },
        {
          question: 'Puis-je proposer Switchboard en marque blanche à mes clients ?',
          answer:
            'Pas encore : la marque blanche est prévue, pas encore disponible. Les sites et les tunnels peuvent déjà être servis sur votre propre domaine une fois vérifié, les campagnes e-mail font déjà un test A/B de leur objet et de leur corps, et les automatisations tiennent un score des prospects à base de règles. L’accès à l’API est inclus à partir de l’offre Unlimited.',
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
            'Switchboard vous donne des rôles, un journal d’audit et des identifiants hachés ; auto-hébergé, il garde les données des patients sur vos propres serveurs. Il n’est fourni avec aucun accord de sous-traitance (BAA) : la conformité HIPAA reste de la responsabilité du cabinet.',
        },
        {
          question: 'Quelle est votre disponibilité ?',
          answer:
            'Nous ne promettons pas de taux de disponibilité : Switchboard est open source et vous pouvez l’héberger vous-même. Vous pouvez consulter à tout moment l’état du service sur notre page de statut.',
        },
        {
          question: 'Comment joindre le support ?',
          answer:
            'Le chat en direct répond en moins de 2 minutes aux heures d’assistance, et l’e-mail sous 4 heures ; les appels et partages d’écran se réservent du lundi au vendredi de 9 h à 18 h et le samedi de 10 h à 16 h (heure de New York). La communauté open source répond sur GitHub Discussions, et les bugs se signalent sur GitHub Issues.',
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
