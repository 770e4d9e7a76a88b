import type { Texts } from '../../i18n';
import type { VoiceTexts } from '../voice';

export default {
  eyebrow: 'Centre de commande vocale',
  title: 'Parlez à votre CRM',
  lead: 'Entre deux rendez-vous, en voiture, les mains occupées : dites ce dont vous avez besoin, vérifiez ce que Switchboard a compris, puis confirmez. Afficher les prospects du jour, envoyer une relance, planifier un appel. Les commandes se disent en anglais ; pour changer d’écran, le français est compris aussi. Les mêmes commandes se tapent dans l’application avec Ctrl K.',
  startTrial: 'Démarrer l’essai gratuit',
  openApp: 'Ouvrir dans l’application',
  commandsTitle: 'Les commandes disponibles',
  commandsIntro: 'Choisissez une commande pour voir ce que Switchboard en fait.',
  unsupported: 'La reconnaissance vocale n’est pas prise en charge par votre navigateur. Pour une expérience optimale, utilisez Chrome, Safari ou Edge.',
  commands: {
    display_leads: { category: 'Données', description: 'Ouvre les contacts créés aujourd’hui, hier, cette semaine ou ce mois-ci.' },
    send_email: { category: 'Communication', description: 'Ouvre l’éditeur d’e-mail pour le contact affiché ou celui que vous nommez.' },
    schedule_call: {
      category: 'Agenda',
      description: 'Réserve un appel de 30 minutes à l’heure dite, comme « with Ana Lopez tomorrow at 3 pm », dans votre fuseau horaire, après votre confirmation.',
    },
    create_automation: { category: 'Automatisation', description: 'Ouvre l’éditeur de workflows.' },
    show_pipeline: { category: 'Ventes', description: 'Affiche les affaires et leur montant par étape, et ouvre le tableau.' },
    tag_hot_lead: { category: 'Gestion des prospects', description: 'Ajoute l’étiquette hot-lead au contact affiché ou à celui que vous nommez, après votre confirmation.' },
  },
  executed: 'Commande exécutée',
  choose: 'Choisissez une commande pour en prévisualiser le résultat.',
  howTitle: 'Comment ça marche',
  how: [
    {
      title: 'Appuyez et parlez',
      text: 'Appuyez sur Écouter et prononcez une commande. Votre navigateur reconnaît la parole et peut envoyer l’audio au service de son éditeur ; une transcription en direct affiche ce qui a été compris, avec un indicateur de confiance.',
    },
    {
      title: 'Vous confirmez, elle s’exécute',
      text: 'Switchboard associe vos mots à une commande et affiche ce qu’elle va faire. Tout ce qui modifie ou envoie attend votre « oui » ou un clic ; un encadré « Commande exécutée » mène ensuite au résultat.',
    },
    { title: 'L’historique d’un coup d’œil', text: 'Vos dix dernières commandes restent affichées, avec ce que chacune a fait.' },
  ],
  ctaTitle: 'Un clic de gagné, à chaque fois',
  ctaText: 'Les commandes vocales sont incluses dans toutes les offres. Essayez-les pendant votre essai gratuit.',
  seeFeatures: 'Voir toutes les fonctionnalités',
} satisfies Texts<VoiceTexts>;
