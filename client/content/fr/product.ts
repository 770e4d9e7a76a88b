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
    cancel: 'Résiliable à tout moment depuis Paramètres → Facturation',
  },
  headlineStats: {
    label: 'Switchboard en chiffres',
    integrations: `intégrations incluses : ${INTEGRATIONS.join(', ')}`,
    channels: 'canaux inclus : SMS, e-mail et chat du site',
    databases: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué',
    languages: 'langues du site : anglais, français et arabe',
  },
  coreFeatures: {
    automation: {
      title: 'Éditeur visuel d’automatisations',
      text: 'Glissez déclencheurs, conditions, attentes, e-mails et SMS sur un même canevas, de la série de bienvenue à la séquence de reconquête. Les étapes vocales et d’IA sont prévues, pas encore disponibles.',
    },
    scoring: {
      title: 'Scoring des prospects',
      text: 'Les automatisations montent ou baissent le score de chaque prospect selon les règles que vous fixez, pour que votre équipe appelle d’abord les plus chauds. Le scoring par IA est prévu, pas encore disponible.',
    },
    campaigns: {
      title: 'Campagnes e-mail et SMS',
      text: 'Envoyez à un tag, une vue enregistrée ou des conditions, tout de suite ou à l’heure locale de chaque destinataire, et faites un test A/B de l’objet d’un e-mail, de son corps ou des deux. Ouvertures, clics et conversions sont suivis, les ouvertures automatiques comptées à part.',
    },
    pipeline: { title: 'Pipeline et affaires', text: 'Toutes vos affaires par étape sur un tableau, les affaires au point mort signalées et les prévisions mises à jour à chaque mouvement.' },
    appointments: {
      title: 'Rendez-vous',
      text: 'Un agenda d’équipe sur votre vrai planning, un fichier .ics pour chaque invité, une page de réservation publique par agenda, et des rendez-vous rattachés à l’affaire concernée.',
    },
    reports: { title: 'Rapports et analyses', text: 'D’où viennent vos prospects, quelles étapes convertissent, où les affaires bloquent : des tableaux de bord construits sur vos propres données.' },
  },
  modules: {
    contacts: { title: 'Contacts', text: 'Chaque personne et chaque entreprise, avec champs personnalisés, étiquettes, fusion des doublons et import CSV.' },
    pipeline: { title: 'Pipeline', text: 'Vos affaires à travers vos étapes, du premier échange à la signature.' },
    campaigns: { title: 'Campagnes', text: 'E-mails et SMS envoyés au bon segment, composés par blocs et planifiés, avec suivi des ouvertures, des clics et des conversions.' },
    automations: { title: 'Automatisations', text: 'Des workflows qui relancent, attribuent et notifient selon les déclencheurs de votre choix.' },
    websites: {
      title: 'Sites et tunnels de vente',
      text: 'Des pages construites en blocs et publiées en pages statiques rapides sur votre propre domaine ; formulaires et réservations arrivent dans le CRM, et chaque étape du tunnel montre sa conversion.',
    },
    voice: { title: 'Commandes vocales', text: 'Demandez les prospects du jour ou planifiez un appel en parlant au centre de commande vocale, ou tapez les mêmes commandes avec Ctrl K.' },
    security: { title: 'Sécurité', text: 'Rôles, journal d’audit et identifiants hachés ; en auto-hébergement, vos données restent sur vos propres serveurs.' },
    reports: { title: 'Rapports', text: 'Rapports de chiffre d’affaires, de conversion et d’activité, exportables en CSV.' },
  },
} satisfies Texts<ProductTexts>;
