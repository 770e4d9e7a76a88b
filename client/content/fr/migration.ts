import type { Texts } from '../../i18n';
import type { MigrationTexts } from '../migration';

export default {
  eyebrow: 'Guide de migration',
  title: 'Passez à Switchboard en une journée',
  lead: 'Exportez un CSV depuis votre outil actuel, importez-le dans Switchboard et redirigez vos formulaires. Tout outil qui exporte un CSV convient, et notre équipe vous aide gratuitement.',
  startTrial: 'Démarrer l’essai gratuit',
  bookCall: 'Réserver un appel de migration',
  stepsTitle: 'Quatre étapes',
  steps: [
    {
      title: 'Exportez depuis votre outil actuel',
      when: 'Environ 15 minutes',
      text: 'Téléchargez vos contacts, entreprises et affaires au format CSV. Gardez les étiquettes et les champs personnalisés : ils suivent aussi.',
    },
    {
      title: 'Importez dans Switchboard',
      when: 'Environ 15 minutes',
      text: 'Chargez les fichiers ; Switchboard associe les colonnes, normalise les numéros de téléphone et propose de fusionner les doublons.',
    },
    {
      title: 'Reconstruisez vos automatisations',
      when: 'Quelques heures',
      text: 'Recréez vos workflows dans l’éditeur d’automatisations, avec déclencheurs, conditions, attentes et étapes SMS ou e-mail, ou demandez l’aide de notre équipe en partage d’écran.',
    },
    {
      title: 'Basculez',
      when: 'Quand vous êtes prêt',
      text: 'Redirigez vos formulaires vers Switchboard, connectez votre boîte de réception et vos numéros, puis éteignez l’ancien outil.',
    },
  ],
  sourcesTitle: 'D’où viennent les équipes',
  sourcesIntro: 'Les colonnes sont reconnues d’après les en-têtes du CSV, quel que soit l’outil qui l’a exporté, par exemple :',
  sources: ['HubSpot', 'ActiveCampaign', 'HighLevel', 'Salesforce', 'Pipedrive', 'Mailchimp', 'Keap', 'Zoho CRM', 'Monday Sales CRM', 'Tableurs'],
  questionsTitle: 'Questions sur la migration',
  questions: [
    {
      question: 'L’historique de mes contacts sera-t-il conservé ?',
      answer:
        'Contacts, entreprises, affaires, étiquettes, notes et champs personnalisés s’importent depuis un CSV. L’historique des e-mails reste dans votre boîte de réception et se synchronise dès que vous la connectez.',
    },
    {
      question: 'Et les doublons ?',
      answer: 'L’import rapproche les contacts par e-mail et par téléphone, et liste les doublons probables pour que vous les fusionniez en un clic, en gardant les champs de votre choix.',
    },
    {
      question: 'Dois-je arrêter mon ancien outil pendant la migration ?',
      answer: 'Non. Utilisez les deux en parallèle pendant votre essai de 14 jours, puis basculez vos formulaires et vos liens quand vous êtes prêt.',
    },
    {
      question: 'L’aide à la migration est-elle vraiment gratuite ?',
      answer: 'Oui. Chaque offre comprend une migration accompagnée par notre équipe d’intégration ; il n’y a aucuns frais d’installation.',
    },
  ],
  ctaTitle: 'Lancez votre migration dès aujourd’hui',
  ctaText: 'Importez un premier CSV pendant votre essai gratuit et retrouvez votre pipeline dans Switchboard en moins d’une heure.',
  compare: 'Comparer avec votre outil',
} satisfies Texts<MigrationTexts>;
