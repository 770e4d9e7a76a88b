import type { Texts } from '../../i18n';
import type { AutomationBuilderTexts } from '../automation-builder';

export default {
  eyebrow: 'Automatisation · dans l’application',
  title: 'Éditeur visuel d’automatisations',
  lead: 'L’éditeur de workflows est dans Switchboard : déclencheurs, conditions, délais, étapes SMS et e-mail sur un même canevas. Cette page en est un aperçu avec des briques d’exemple ; les briques marquées prévues ne sont pas encore disponibles. Essayez : choisissez une catégorie, puis cliquez sur une brique pour l’ajouter au workflow.',
  categoriesLabel: 'Catégories de briques',
  categories: {
    triggers: { label: 'Déclencheurs', components: ['Formulaire envoyé', 'Étiquette ajoutée', 'Affaire changée d’étape'] },
    conditions: { label: 'Conditions', components: ['Si l’étiquette est VIP', 'Si le score dépasse 70', 'Objectif atteint'] },
    email: { label: 'E-mail', components: ['E-mail de bienvenue', 'E-mail de relance', 'E-mail reçu'] },
    sms: { label: 'SMS', components: ['SMS de rappel', 'SMS de remerciement', 'SMS reçu avec un mot-clé'] },
    voice: { label: 'Voix (prévu)', components: ['Dépôt de message vocal (prévu)', 'Routage des appels (prévu)'] },
    calendar: { label: 'Agenda', components: ['Rendez-vous pris', 'Rendez-vous annulé'] },
    scoring: { label: 'Score des prospects', components: ['Ajouter 10 points', 'Retirer 5 points'] },
    delays: { label: 'Délais', components: ['Attendre 1 jour', 'Attendre une réponse, 2 jours au plus'] },
    assignments: { label: 'Attributions', components: ['Créer une tâche', 'Répartir entre l’équipe à tour de rôle'] },
    integrations: { label: 'Intégrations (prévu)', components: ['Envoyer un webhook (prévu)', 'Ajouter à un tableur (prévu)'] },
    'ai-actions': { label: 'Actions IA (prévu)', components: ['Rédiger une réponse personnalisée (prévu)', 'Prédire le résultat (prévu)'] },
    analytics: { label: 'Analyses', components: ['Répartition A/B', 'Ajouter au rapport (prévu)'] },
    compliance: { label: 'Conformité', components: ['Désinscription vérifiée (à chaque étape SMS)', 'Heures de silence (à chaque étape SMS)'] },
    alerts: { label: 'Alertes', components: ['Prévenir l’équipe', 'Alerte Slack (prévu)'] },
    custom: { label: 'Logique personnalisée', components: ['Mettre à jour un champ', 'Inscrire dans un autre workflow'] },
  },
  canvas: 'Canevas du workflow',
  start: 'Début du workflow',
  addFirst: 'Ajouter votre première action',
  stepsLabel: 'Étapes du workflow',
  remove: (title: string) => `Retirer ${title}`,
  templatesTitle: 'Modèles',
  templates: [
    { name: 'Séquence de maturation des prospects', details: '8 étapes · Ventes' },
    { name: 'Parcours de prise de rendez-vous', details: '12 étapes · Agenda' },
    { name: 'Série de bienvenue', details: '7 étapes · E-mail' },
  ],
  openBuilder: 'Ouvrir l’éditeur de workflows',
  useTemplates: 'Utiliser les modèles pendant votre essai',
  whyTitle: 'Pourquoi les équipes l’adoptent',
  why: [
    {
      title: '15 types de briques',
      text: 'Déclencheurs, conditions, e-mail, SMS, délais, étiquettes, tâches et score des prospects sur un même canevas. La voix, les actions IA et les intégrations sont prévues, pas encore disponibles.',
    },
    {
      title: 'Dans l’application dès aujourd’hui',
      text: 'Préparez un workflow, testez-le sur un contact, publiez-le, et suivez chaque exécution étape par étape. Le canevas ci-dessus est un aperçu.',
    },
    {
      title: 'Fondé sur ce qui marche aujourd’hui',
      text: 'Ses étapes passent par les SMS et les e-mails de Switchboard : désinscriptions, listes de suppression et heures de silence s’appliquent à chaque message.',
    },
  ],
  ctaTitle: 'Créez votre premier workflow dès aujourd’hui',
  ctaText: 'Partez d’un modèle pendant votre essai, testez-le sur un contact, puis publiez-le.',
  startTrial: 'Démarrer l’essai gratuit',
  seeJourneys: 'Voir les parcours multicanaux',
} satisfies Texts<AutomationBuilderTexts>;
