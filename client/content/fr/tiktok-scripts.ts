import type { Texts } from '../../i18n';
import type { TiktokTexts } from '../tiktok-scripts';

export default {
  eyebrow: 'Outils marketing',
  title: 'Scripts de vidéos courtes',
  lead: (ratio: string, resolution: string) =>
    `Cinq scripts prêts à tourner : format vertical ${ratio}, ${resolution}, de 15 à 30 secondes chacun. Copiez un script, suivez son découpage et publiez selon le calendrier ci-dessous.`,
  sectionsLabel: 'Rubriques de l’outil de scripts',
  tabs: { scripts: 'Scripts', shots: 'Découpages', guide: 'Guide de tournage', schedule: 'Calendrier' },
  scheduleHeading: 'Calendrier de publication',
  columns: { time: 'Temps', shot: 'Plan', action: 'Action' },
  props: (props: string) => `Accessoires : ${props}`,
  forTarget: (duration: string, target: string) => `${duration} · pour ${target}`,
  copy: 'Copier le script',
  copied: 'Copié dans le presse-papiers',
  blocked: 'Votre navigateur a bloqué le presse-papiers ; sélectionnez le texte pour le copier.',
  tipsTitle: 'Conseils pour de meilleurs résultats',
  tips: 'Publiez aux mêmes heures chaque semaine, répondez aux commentaires dans la première heure et réutilisez votre meilleure accroche avec un nouvel exemple. Renvoyez les spectateurs vers l’essai gratuit : chaque inscription issue d’une vidéo est suivie comme n’importe quel prospect.',
  scripts: {
    'missed-call': {
      title: 'L’appel manqué qui a coûté 3 000 $',
      hook: 'Cet appel manqué a coûté 3 000 $ à un cabinet dentaire.',
      content:
        'Une nouvelle patiente appelle à 12 h 15. Tout le monde est en pause déjeuner. Elle raccroche et prend rendez-vous au cabinet d’à côté. Ajoutez le chat et un formulaire à votre site : avec Switchboard, sa demande arrive aussitôt sur le téléphone de toute l’équipe, et la première personne libre lui répond par SMS depuis le CRM : « Désolés de vous avoir manquée ! Jeudi à 10 h, cela vous irait ? » Elle accepte. Un appel manqué n’est plus un patient perdu. Lien en bio pour un essai gratuit de 14 jours.',
      shotList: [
        { time: '0–3 s', shot: 'Gros plan sur un téléphone de bureau qui sonne, chaise vide', action: 'Texte à l’écran : « 12 h 15, tout le monde déjeune »' },
        { time: '3–8 s', shot: 'Écran du téléphone, l’appel se termine', action: 'Coupe sur l’enseigne d’un concurrent, zoom rapide' },
        { time: '8–18 s', shot: 'Le téléphone reçoit le SMS du cabinet', action: 'Le pouce répond « Oui », la visite s’ajoute à l’agenda d’équipe' },
        { time: '18–25 s', shot: 'Face caméra', action: 'Phrase de conclusion et appel à l’action, montrer la bio' },
      ],
      props: ['Téléphone de bureau', 'Smartphone avec un compte de démonstration', 'Accueil ou bureau du cabinet'],
      tags: ['#dentiste', '#tpe', '#crm', '#réactivité'],
      target: 'les titulaires de cabinets dentaires et leurs assistants',
      duration: '25 secondes',
    },
    'speed-to-lead': {
      title: 'Répondre à un prospect en 15 secondes',
      hook: 'En combien de temps répondez-vous à un nouveau prospect ? Soyez honnête.',
      content:
        'La première entreprise qui répond remporte le client la plupart du temps. Regardez : un formulaire est rempli et, avant même que je pose mon café, le prospect a reçu un e-mail personnalisé et un SMS, et mon téléphone affiche une tâche pour le rappeler. Des relances plus rapides, sans recruter personne.',
      shotList: [
        { time: '0–3 s', shot: 'Face caméra, sourcil levé', action: 'Accroche à l’écran en gros caractères' },
        { time: '3–9 s', shot: 'Écran d’ordinateur : formulaire envoyé', action: 'Écran partagé avec un téléphone qui vibre' },
        { time: '9–13 s', shot: 'Gros plan sur la notification', action: 'Une tâche apparaît : « Appeler Jordan maintenant »' },
        { time: '13–15 s', shot: 'Le présentateur boit une gorgée de café', action: 'Texte : « Répondez le premier »' },
      ],
      props: ['Ordinateur portable', 'Smartphone', 'Tasse de café'],
      tags: ['#vente', '#prospection', '#astucesmarketing', '#crm'],
      target: 'les responsables commerciaux et les dirigeants de TPE',
      duration: '15 secondes',
    },
    'agency-day': {
      title: 'Le lundi d’un patron d’agence, avant et après',
      hook: 'POV : on est lundi et douze clients attendent leur rapport.',
      content:
        'Avant : douze identifiants, douze tableurs, une longue nuit. Après : un seul identifiant, un espace par client, et chaque rapport tiré des données du client, exporté en quelques minutes. J’ai passé la matinée sur la stratégie.',
      shotList: [
        { time: '0–4 s', shot: 'Vue plongeante sur un bureau en désordre, plein d’onglets ouverts', action: 'Texte : « Avant »' },
        { time: '4–10 s', shot: 'Coupes rapides entre des tableurs', action: 'Soupir, se frotter les yeux' },
        { time: '10–20 s', shot: 'Bureau rangé, un seul tableau de bord', action: 'Texte : « Après » ; défilement des rapports de chaque client' },
        { time: '20–28 s', shot: 'Face caméra, détendu', action: 'Appel à l’action : « Essayez gratuitement, lien en bio »' },
      ],
      props: ['Deux écrans ou un ordinateur portable', 'Tableurs imprimés pour le plan « avant »', 'Logo de l’agence à l’écran'],
      tags: ['#viedagence', '#agencemarketing', '#reportingclient', '#productivite'],
      target: 'les dirigeants d’agences marketing',
      duration: '28 secondes',
    },
    'medspa-reminder': {
      title: 'Le SMS qui remplit votre agenda de retouches',
      hook: 'Vos clientes Botox oublient. Voici comment être sûr qu’elles reviennent.',
      content:
        'Chaque mois, ouvrez une vue enregistrée des clientes soignées il y a trois mois et demi et copiez leurs numéros dans un seul envoi groupé : « C’est l’heure de votre retouche ? Répondez avec le jour qui vous convient. » Puis inscrivez les réponses directement dans l’agenda d’équipe.',
      shotList: [
        { time: '0–3 s', shot: 'Cabine de soins, la praticienne se prépare', action: 'Accroche à l’écran' },
        { time: '3–10 s', shot: 'Le calendrier avance de 3,5 mois', action: 'Texte animé simple' },
        { time: '10–18 s', shot: 'La cliente reçoit le SMS et répond avec un jour', action: 'Gros plan sur la visite ajoutée à l’agenda d’équipe' },
        { time: '18–22 s', shot: 'La praticienne sourit devant un planning complet', action: 'Appel à l’action' },
      ],
      props: ['Cabine de soins', 'Smartphone', 'Calendrier mural ou agenda sur tablette'],
      tags: ['#medecineesthetique', '#esthetique', '#botox', '#institut'],
      target: 'les responsables de centres de médecine esthétique',
      duration: '22 secondes',
    },
    'voice-command': {
      title: 'Je parle à mon CRM',
      hook: 'Je pilote mon pipeline commercial en lui parlant.',
      content:
        '« Show me today’s leads. » C’est fait. « Send follow-up email. » C’est fait. « Schedule a call with Maria for Thursday. » C’est fait. Plus besoin de cliquer dans des menus entre deux rendez-vous. C’est le centre de commande vocale de Switchboard.',
      shotList: [
        { time: '0–3 s', shot: 'Le présentateur marche, téléphone en main', action: 'Accroche à l’écran' },
        { time: '3–9 s', shot: 'Capture d’écran : les prospects s’affichent après la commande vocale', action: 'Sous-titrer la commande prononcée' },
        { time: '9–15 s', shot: 'Écran : encadré « Commande exécutée »', action: 'Deuxième commande, e-mail de relance envoyé' },
        { time: '15–20 s', shot: 'Face caméra', action: 'Appel à l’action' },
      ],
      props: ['Smartphone ou ordinateur avec micro', 'Endroit calme', 'Logiciel d’enregistrement d’écran'],
      tags: ['#commandesvocales', '#mainslibres', '#productivitecommerciale', '#crm'],
      target: 'les fondateurs pressés et les commerciaux terrain',
      duration: '20 secondes',
    },
  },
  guide: [
    { title: 'Format', text: 'Tournez à la verticale, en 9:16, en 1080x1920. Chaque vidéo dure entre 15 et 30 secondes.' },
    { title: 'Une accroche dans les 3 premières secondes', text: 'Dites l’accroche face caméra, avec les mots à l’écran : la plupart des spectateurs décident dès les premières secondes.' },
    { title: 'Lumière et son', text: 'Placez-vous face à une fenêtre ou à un anneau lumineux ; utilisez un micro-cravate. Un bon son compte plus qu’une image nette.' },
    {
      title: 'Captures d’écran',
      text: 'Filmez le produit en 1080×1920 sur un téléphone, ou recadrez au centre un enregistrement d’ordinateur. Utilisez un compte de démonstration, jamais de vraies données clients.',
    },
    { title: 'Sous-titres', text: 'Sous-titrez chaque vidéo : beaucoup de gens regardent sans le son.' },
    { title: 'Un seul appel à l’action', text: 'Terminez par une étape claire : « Démarrez votre essai gratuit, lien en bio. »' },
  ],
  schedule: ['Lundi, 19 h', 'Mardi, 12 h', 'Mercredi, 19 h', 'Jeudi, 12 h', 'Vendredi, 17 h'],
} satisfies Texts<TiktokTexts>;
