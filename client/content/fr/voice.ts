import type { Texts } from '../../i18n';
import type { VoiceTexts } from '../voice';

export default {
  eyebrow: 'Centre de commande vocale · prévu',
  title: 'Parlez à votre CRM',
  lead: 'Aperçu d’une fonctionnalité prévue, pas encore disponible. Entre deux rendez-vous, en voiture, les mains occupées : dites ce dont vous avez besoin et Switchboard s’en charge. Afficher les prospects du jour, envoyer une relance, planifier un appel. Les commandes se disent en anglais pour le moment.',
  startTrial: 'Démarrer l’essai gratuit',
  openApp: 'Ouvrir dans l’application',
  commandsTitle: 'Les commandes disponibles',
  commandsIntro: 'Choisissez une commande pour voir ce que Switchboard en fait.',
  unsupported: 'La reconnaissance vocale n’est pas prise en charge par votre navigateur. Pour une expérience optimale, utilisez Chrome, Safari ou Edge.',
  commands: {
    display_leads: { category: 'Données', description: 'Liste les prospects créés aujourd’hui, les plus chauds en premier.' },
    send_email: { category: 'Communication', description: 'Envoie votre modèle de relance au contact affiché.' },
    schedule_call: { category: 'Agenda', description: 'Réserve un appel sur votre prochain créneau libre et invite le contact.' },
    create_automation: { category: 'Automatisation', description: 'Ouvre l’éditeur avec un nouveau workflow prêt à recevoir un déclencheur.' },
    show_pipeline: { category: 'Ventes', description: 'Énonce les affaires et leur montant par étape.' },
    tag_hot_lead: { category: 'Gestion des prospects', description: 'Marque le contact affiché comme prospect chaud et prévient son responsable.' },
  },
  executed: 'Commande exécutée',
  choose: 'Choisissez une commande pour en prévisualiser le résultat.',
  howTitle: 'Comment ça marche',
  how: [
    { title: 'Appuyez et parlez', text: 'Activez la voix, appuyez sur le micro et prononcez une commande. Une transcription en direct affiche ce qui a été compris, avec un indicateur de confiance.' },
    { title: 'La commande s’exécute', text: 'Switchboard associe vos mots à une commande, l’exécute sur vos données, puis le confirme dans un encadré « Commande exécutée ».' },
    { title: 'L’historique d’un coup d’œil', text: 'Vos dix dernières commandes restent affichées : un clic suffit pour en relancer une.' },
  ],
  ctaTitle: 'Un clic de gagné, à chaque fois',
  ctaText: 'Les commandes vocales sont incluses dans toutes les offres. Essayez-les pendant votre essai gratuit.',
  seeFeatures: 'Voir toutes les fonctionnalités',
} satisfies Texts<VoiceTexts>;
