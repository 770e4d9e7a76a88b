import type { Texts } from '../../i18n';
import type { StarterTutorialTexts, Tutorial } from '../tutorials';

/** The first three tutorials in French (/french-tutorial). */
export const FRENCH_TUTORIALS: Tutorial[] = [
  {
    id: 'premiers-pas',
    title: 'Premiers pas',
    level: 'Débutant',
    minutes: 15,
    summary: 'Créez votre espace de travail, invitez votre équipe et préparez-vous à travailler avec de vrais contacts.',
    steps: [
      'Démarrez votre essai gratuit : saisissez votre nom, votre e-mail professionnel, un mot de passe et le nom de votre organisation. Aucune carte bancaire n’est demandée.',
      'Ouvrez Paramètres → Organisation et choisissez votre pays et votre fuseau horaire, pour que les rappels et les rapports utilisent votre heure locale.',
      'Invitez votre équipe depuis Paramètres → Membres. Choisissez le rôle de chacun : les Admins gèrent les utilisateurs, les Commerciaux travaillent leurs propres prospects, les Lecteurs consultent seulement.',
      'Connectez votre agenda et votre messagerie pour que les rendez-vous et les échanges arrivent sur le bon contact.',
      'Ouvrez le Tableau de bord : chaque chiffre provient de vos propres données et se remplit au fil de votre travail.',
    ],
  },
  {
    id: 'importer-contacts',
    title: 'Importer et organiser vos contacts',
    level: 'Débutant',
    minutes: 10,
    summary: 'Importez votre liste depuis un tableur ou un autre CRM et gardez-la propre.',
    steps: [
      'Exportez vos contacts depuis votre outil actuel ou votre tableur au format CSV.',
      'Allez dans Contacts → Importer, choisissez le fichier et associez chaque colonne à un champ Switchboard. Créez des champs personnalisés pour le reste.',
      'Lancez l’import. Il s’exécute en arrière-plan : vous pouvez continuer à travailler et revenir au résumé.',
      'Ouvrez Contacts → Doublons pour vérifier les doublons probables et les fusionner en choisissant les valeurs à garder.',
      'Filtrez la liste (par étiquette, responsable ou statut) et enregistrez le filtre comme vue réutilisable par votre équipe.',
    ],
  },
  {
    id: 'automatisation',
    title: 'Créer une automatisation',
    level: 'Intermédiaire',
    minutes: 25,
    summary: 'Relancez chaque nouveau prospect automatiquement, et passez la main à un humain au bon moment.',
    steps: [
      'Ouvrez Automatisation, créez un workflow et partez du modèle « Séquence de maturation des prospects », ou d’un canevas vide.',
      'Choisissez le déclencheur, par exemple « Étiquette ajoutée » avec l’étiquette prospect-site.',
      'Ajoutez un e-mail de bienvenue, un délai de deux jours et un SMS. Utilisez « Attendre un événement » pour prendre un autre chemin quand le prospect répond.',
      'Ajoutez une tâche pour un commercial quand le prospect répond.',
      'Testez le workflow sur un contact, puis publiez-le et suivez chaque exécution dans l’historique.',
    ],
  },
];

export default { tutorials: FRENCH_TUTORIALS, minutes: (minutes: number) => `${minutes} min` } satisfies Texts<StarterTutorialTexts>;
