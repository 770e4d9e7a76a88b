import type { Texts } from '../../i18n';
import type { ComparisonTexts } from '../comparisons';

export default {
  note: 'Les chiffres des concurrents correspondent aux tarifs publics et aux délais de mise en route habituellement annoncés par chaque éditeur ; les offres évoluent, vérifiez leurs conditions actuelles sur leurs sites.',
  features: {
    caption: 'Switchboard comparé à HubSpot et ActiveCampaign',
    columns: ['Switchboard', 'HubSpot', 'ActiveCampaign'],
    rows: [
      { label: 'Temps de mise en place', cells: ['2 heures', '2 à 6 semaines avec l’accompagnement', '1 à 2 semaines'] },
      { label: 'Facilité d’utilisation', cells: ['Un écran par tâche, sans consultant', 'Puissant, mais de nombreux « hubs » à maîtriser', 'Accessible pour l’e-mailing, moins pour la vente'] },
      { label: 'Fonctions d’IA', cells: ['Prévu, pas encore disponible', 'Sur les offres supérieures', 'Envoi prédictif sur les offres supérieures'] },
      {
        label: 'Coût pour une équipe de 10 personnes',
        cells: ['À partir de 97 $US par mois, utilisateurs illimités avec Unlimited', 'Tarif par utilisateur, qui grimpe vite avec le nombre de contacts', 'Tarif selon le nombre de contacts'],
      },
      { label: 'Capture des prospects', cells: ['Les prospects des formulaires et du chat arrivent aussitôt dans le pipeline', 'Référence', 'Référence'] },
    ],
  },
  competitorPage: {
    eyebrow: 'Comparer',
    startTrial: 'Essai gratuit',
    migrationGuide: 'Lire le guide de migration',
    tableTitle: 'Fonctionnalité par fonctionnalité',
    whyMove: (name: string) => `Pourquoi les équipes quittent ${name}`,
    switchingTitle: 'Changer d’outil prend une journée',
    freeMigration: 'Chaque offre comprend une migration accompagnée gratuite : nous importons vos données avec vous et nous les vérifions.',
    ctaTitle: (name: string) => `Essayez Switchboard en parallèle de ${name}`,
    ctaText: 'Utilisez les deux pendant deux semaines et gardez celui que votre équipe préfère. Sans carte bancaire.',
    bookDemo: 'Réserver une démo',
  },
  competitors: {
    hubspot: {
      title: 'Switchboard ou HubSpot',
      lead: 'HubSpot est une excellente suite pour les grandes équipes marketing. Si vous voulez un CRM, des SMS, des e-mails et des rendez-vous opérationnels dès cette semaine, sans payer par utilisateur, Switchboard vous y amène en 2 heures.',
      rows: [
        { label: 'Temps de mise en place', cells: ['2 heures', '2 à 6 semaines avec l’accompagnement'] },
        { label: 'Éditeur visuel d’automatisations', cells: ['Inclus (étapes vocales et IA prévues)', 'À partir de l’offre Professional'] },
        { label: 'SMS intégrés', cells: [true, 'Via des applications tierces'] },
        { label: 'Rendez-vous et agenda d’équipe', cells: [true, true] },
        { label: 'Scoring des prospects par IA', cells: ['Prévu, pas encore disponible', 'Offre Enterprise'] },
        { label: 'BAA signé (HIPAA)', cells: [false, false] },
        { label: 'Auto-hébergement possible', cells: [true, false] },
        { label: 'Modèle de prix', cells: ['Forfaits mensuels fixes dès 97 $US', 'Par utilisateur et par « hub »'] },
      ],
      reasons: [
        { title: 'Tout dans une seule offre', text: 'CRM, SMS, e-mails, rendez-vous et rapports vont ensemble, au lieu de « hubs » achetés un par un.' },
        { title: 'Aucuns frais de mise en route', text: 'Ni frais d’installation ni forfait d’accompagnement obligatoire : la plupart des équipes démarrent le jour même.' },
        { title: 'Vos données restent les vôtres', text: 'Switchboard est open source : exportez tout à tout moment, ou faites-le tourner sur vos propres serveurs.' },
      ],
      switching: 'Exportez vos contacts, entreprises et affaires de HubSpot en CSV ; Switchboard associe les colonnes, conserve les étapes de votre pipeline et fusionne les doublons.',
    },
    activecampaign: {
      title: 'Switchboard ou ActiveCampaign',
      lead: 'ActiveCampaign est né comme outil d’e-mailing. Switchboard part du client : pipeline, SMS, chat, rendez-vous et e-mails sur une même chronologie, avec un prix fixé par offre et non par taille de liste.',
      rows: [
        { label: 'Temps de mise en place', cells: ['2 heures', '1 à 2 semaines'] },
        { label: 'Pipeline commercial complet', cells: [true, 'À partir de l’offre Plus'] },
        { label: 'SMS', cells: ['Intégrés : envois individuels et groupés', 'En option, États-Unis et Canada'] },
        { label: 'Rendez-vous et agenda d’équipe', cells: [true, 'Via des intégrations'] },
        { label: 'Commandes vocales et appels', cells: ['Commandes vocales disponibles ; appels prévus, pas encore disponibles', false] },
        { label: 'BAA signé (HIPAA)', cells: [false, 'Offre Enterprise uniquement'] },
        { label: 'Modèle de prix', cells: ['Forfaits mensuels fixes dès 97 $US', 'Augmente avec le nombre de contacts'] },
      ],
      reasons: [
        { title: 'Ventes et marketing réunis', text: 'Vos commerciaux voient chaque e-mail, SMS et échange de chat avec un prospect sur la même page que ses affaires.' },
        { title: 'SMS inclus', text: 'Le SMS est un canal comme l’e-mail et le chat du site, dans la même boîte de réception, sans option payante.' },
        { title: 'Faites grandir votre liste librement', text: 'Contacts illimités avec Unlimited et SaaS Pro : une liste plus grande ne signifie jamais une facture plus lourde.' },
      ],
      switching: 'Exportez vos contacts et étiquettes d’ActiveCampaign en CSV ; Switchboard les importe avec leurs étiquettes et fusionne les doublons.',
    },
    highlevel: {
      title: 'Switchboard ou HighLevel',
      lead: 'HighLevel a popularisé la plateforme tout-en-un pour agences. Switchboard garde les espaces clients, y ajoute un cœur open source que vous pouvez faire tourner sur vos propres serveurs, et prévoit la marque blanche, pas encore disponible.',
      rows: [
        { label: 'Temps de mise en place', cells: ['2 heures', 'Quelques jours à quelques semaines, avec l’aide des « snapshots »'] },
        { label: 'Espaces clients (marque blanche prévue)', cells: [true, true] },
        { label: 'BAA signé (HIPAA)', cells: [false, 'Option payante'] },
        { label: 'Open source, auto-hébergeable', cells: [true, false] },
        { label: 'Scoring des prospects par IA', cells: ['Prévu, pas encore disponible', 'Options IA payantes'] },
        { label: 'Support', cells: ['Communautaire, sur GitHub', 'Chat en direct 24 h/24, 7 j/7'] },
        { label: 'Modèle de prix', cells: ['Forfaits fixes dès 97 $US, sans options', 'Forfaits fixes plus options à l’usage'] },
      ],
      reasons: [
        { title: 'Moins d’options payantes', text: 'Les rôles, le journal d’audit et l’API REST font partie de l’offre : votre marge à la revente reste prévisible.' },
        { title: 'Une interface plus claire pour vos clients', text: 'Vos clients disposent d’un espace dans lequel ils se repèrent sans vidéo de formation.' },
        { title: 'Aucune dépendance', text: 'Le cœur est open source : vous pouvez toujours repartir avec vos données et vos clients.' },
      ],
      switching: 'Exportez les contacts et opportunités de chaque sous-compte ; chacun devient un espace client Switchboard, avec les étapes de son pipeline intactes.',
    },
  },
} satisfies Texts<ComparisonTexts>;
