import type { Texts } from '../../i18n';
import type { ProductTexts } from '../product';
import { CLAIMS, INTEGRATIONS } from '../claims';

export default {
  claims: {
    setup: `Opérationnel en ${CLAIMS.setupHours} heures`,
    integrations: String(CLAIMS.integrations),
    databases: String(CLAIMS.databases),
    languages: String(CLAIMS.languages),
    channels: String(CLAIMS.channels),
    trial: 'Essai gratuit de 14 jours, sans carte bancaire',
    guarantee: 'Satisfait ou remboursé pendant 30 jours',
  },
  headlineStats: {
    label: 'Switchboard en chiffres',
    integrations: `intégrations incluses : ${INTEGRATIONS.join(', ')}`,
    channels: 'canaux inclus : SMS et chat du site',
    databases: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué',
    languages: 'langues du site : anglais, français et arabe',
  },
  coreFeatures: {
    automation: {
      title: 'Éditeur visuel d’automatisations (prévu)',
      text: 'Prévu, pas encore disponible. Glissez déclencheurs, conditions, e-mails, SMS et appels sur un même canevas. Quinze briques couvrent tout, de la série de bienvenue à la campagne de reconquête.',
    },
    scoring: {
      title: 'Scoring des prospects (prévu)',
      text: 'Prévu, pas encore disponible : chaque prospect noté selon son comportement et son profil, pour que votre équipe appelle d’abord ceux qui ont le plus de chances d’acheter.',
    },
    campaigns: {
      title: 'Campagnes multicanales (prévu)',
      text: 'Prévu, pas encore disponible. E-mail, SMS et voix depuis un seul endroit, avec tout l’historique des échanges de chaque contact sur une même chronologie.',
    },
    pipeline: { title: 'Pipeline et affaires', text: 'Toutes vos affaires par étape sur un tableau, les affaires au point mort signalées et les prévisions mises à jour à chaque mouvement.' },
    appointments: { title: 'Rendez-vous', text: 'Réservation en ligne sur votre vrai agenda, rappels qui réduisent les absences, et rendez-vous rattachés à l’affaire concernée.' },
    reports: { title: 'Rapports et analyses', text: 'D’où viennent vos prospects, quelles campagnes rapportent, où les affaires bloquent : des tableaux de bord construits sur vos propres données.' },
  },
  modules: {
    contacts: { title: 'Contacts', text: 'Chaque personne et chaque entreprise, avec champs personnalisés, étiquettes, fusion des doublons et import CSV.' },
    pipeline: { title: 'Pipeline', text: 'Vos affaires à travers vos étapes, du premier échange à la signature.' },
    campaigns: { title: 'Campagnes (prévu)', text: 'Prévu, pas encore disponible. E-mails et SMS envoyés au bon segment, avec suivi des ouvertures, des clics et des réponses.' },
    automations: { title: 'Automatisations (prévu)', text: 'Prévu, pas encore disponible. Des workflows qui relancent, attribuent et notifient selon les déclencheurs de votre choix.' },
    websites: { title: 'Sites et tunnels de vente (prévu)', text: 'Prévu, pas encore disponible. Des pages d’atterrissage et des tunnels qui transforment les visiteurs en contacts.' },
    voice: { title: 'Commandes vocales (prévu)', text: 'Prévu, pas encore disponible. Demandez les prospects du jour ou planifiez un appel en parlant au centre de commande vocale.' },
    security: { title: 'Sécurité', text: 'Rôles, journal d’audit, identifiants chiffrés et conformité HIPAA avec BAA signé.' },
    reports: { title: 'Rapports', text: 'Rapports de chiffre d’affaires, de conversion et d’activité, exportables en CSV.' },
  },
} satisfies Texts<ProductTexts>;
