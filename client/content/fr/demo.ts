import type { Texts } from '../../i18n';
import type { DemoTexts } from '../demo';

export default {
  dashboard: {
    eyebrow: 'Démo en direct · automatisations en cours de construction',
    title: 'L’automatisation des avis, en direct',
    lead: 'Un cabinet dentaire termine un rendez-vous. Appuyez sur « Lancer la démo » et regardez Switchboard le transformer en un nouvel avis 5 étoiles, sans que personne ne lève le petit doigt.',
    start: 'Lancer la démo',
    running: 'En cours…',
    reset: 'Réinitialiser',
    statusHeading: 'État de l’automatisation',
    progress: 'Progression vers l’objectif d’avis',
    reviews: 'Avis Google',
    rating: 'Note moyenne de 4,9',
    status: 'État',
    states: { running: 'En cours', complete: 'Démo terminée', ready: 'Prête' },
    pressStart: 'Appuyez sur « Lancer la démo » pour commencer.',
    stepsTitle: 'Étapes du workflow',
    steps: [
      'Rendez-vous terminé : Emma Rodriguez, détartrage',
      'SMS de remerciement envoyé avec un lien vers l’avis',
      'Emma a ouvert la page d’avis',
      'Nouvel avis Google 5 étoiles reçu',
      'Avis partagé sur le site et les réseaux sociaux du cabinet',
      'Automatisation terminée',
    ],
    done: '(terminé)',
    inProgress: '(en cours)',
    note: 'Ceci est une simulation avec des données d’exemple. Les automatisations sont en cours de construction : voici le déroulé qu’elles suivront sur vos vrais rendez-vous.',
    trial: 'Démarrer un essai gratuit',
  },
  recordings: {
    eyebrow: 'Outils marketing',
    title: 'Enregistrements de démo',
    lead: 'Tout ce qu’il faut pour enregistrer une démo produit impeccable : le tableau de bord de démo en direct, les scènes à filmer et les enregistrements utilisés sur le site.',
    open: 'Ouvrir le tableau de bord de démo',
    scenesTitle: 'Enregistrer une démo, étape par étape',
    scenes: [
      { title: 'Préparer l’écran', text: 'Ouvrez le tableau de bord de démo dans un onglet dédié, en 1920×1080 pour les démos horizontales ou dans une fenêtre de 1080×1920 pour les verticales.' },
      { title: 'Enregistrer le déroulé', text: 'Lancez votre enregistreur d’écran, appuyez sur « Lancer la démo » et laissez les 15 secondes se dérouler jusqu’à la dernière étape.' },
      { title: 'Raconter l’histoire', text: 'Une phrase par étape : rendez-vous terminé, SMS de remerciement, page d’avis ouverte, avis publié, partagé, terminé.' },
      { title: 'Réinitialiser et refaire', text: 'Appuyez sur « Réinitialiser » pour revenir aux chiffres de départ de la démo, puis recommencez jusqu’à obtenir une prise propre.' },
    ],
    listTitle: 'Les enregistrements à réaliser',
    listIntro: 'Les courtes démos dont le site a besoin, et où chacune est utilisée.',
    list: [
      { title: 'La démo des avis en 15 secondes', detail: 'Durée visée 0:20 · pour les pages d’atterrissage et la page des fonctionnalités' },
      { title: 'De l’appel manqué au rendez-vous réservé', detail: 'Durée visée 0:30 · pour les pages dentaire et médecine esthétique, et les publicités vidéo courtes' },
      { title: 'Un espace client à votre marque', detail: 'Durée visée 1:10 · pour la page agences et les webinaires partenaires' },
      { title: 'Les commandes vocales en action', detail: 'Durée visée 0:25 · pour les publications sociales et la page du centre de commande vocale' },
    ],
  },
} satisfies Texts<DemoTexts>;
