import type { Texts } from '../../i18n';
import type { TrainingTexts } from '../training';
import { plural } from './plural';

export default {
  eyebrow: 'Académie',
  title: 'Parcours de formation Switchboard',
  lead: 'De votre premier import à la boîte de réception, aux rapports et à la conformité : huit modules, chacun composé de courtes leçons et d’exercices pratiques sur votre propre compte.',
  statsLabel: 'Le parcours en chiffres',
  stats: { students: 'apprenants', completion: 'de taux de réussite', rating: 'note moyenne sur 5', hours: (hours: string) => `${hours} heures`, content: 'de contenu' },
  modulesLabel: 'Modules du parcours',
  moduleMeta: (lessons: number, hours: string) => `${plural(lessons, '# leçon', '# leçons')} · ${hours} h`,
  locked: 'Verrouillé',
  moduleHeading: (number: number, title: string) => `Module ${number} : ${title}`,
  loading: 'Chargement de votre progression…',
  progress: (done: number, total: number, signedIn: boolean) =>
    `${done} leçon${done > 1 ? 's' : ''} terminée${done > 1 ? 's' : ''} sur ${total} · ${signedIn ? 'enregistré dans votre compte' : 'enregistré dans ce navigateur (connectez-vous pour le retrouver sur tous vos appareils)'}`,
  lessons: 'Leçons',
  minutes: (minutes: number) => `${minutes} min`,
  exercises: 'Exercices pratiques',
  previous: 'Module précédent',
  next: 'Module suivant',
  learners: 'Ouvert à tous les membres de votre équipe',
  certificate: 'Un certificat dans l’Académie à la fin du parcours',
  modules: {
    m1: {
      title: 'Les fondamentaux',
      description: 'Configurez votre espace de travail, importez vos contacts et apprenez à vous repérer.',
      lessons: {
        'm1-welcome': { title: 'Bienvenue et présentation du parcours', summary: 'Ce que couvre le parcours, comment il est organisé et comment en tirer le meilleur parti.' },
        'm1-workspace': { title: 'Créer votre espace de travail', summary: 'Paramètres de l’organisation, fuseau horaire, et comment les rôles déterminent qui voit quoi.' },
        'm1-contacts': { title: 'Importer vos premiers contacts', summary: 'Import CSV, association des colonnes, champs personnalisés et fusion des doublons.' },
        'm1-pipeline': { title: 'Votre pipeline en dix minutes', summary: 'Étapes, affaires, montants et vue en tableau.' },
        'm1-team': { title: 'Inviter votre équipe', summary: 'Invitations, rôles et les bonnes habitudes de la première semaine pour garder des données propres.' },
        'm1-dashboard': { title: 'Lire le tableau de bord', summary: 'Indicateurs comparés à la période précédente, analyse du pipeline et recommandations.' },
      },
      exercises: [
        'Importez un CSV d’au moins 20 contacts et fusionnez les doublons détectés.',
        'Renommez une étape du pipeline pour l’adapter à votre processus de vente et créez trois affaires.',
        'Invitez un collègue avec le rôle Commercial et vérifiez ce qu’il peut voir.',
      ],
    },
    m2: { title: 'Maîtriser le pipeline', description: 'Prévisions, affaires au point mort et revue hebdomadaire du pipeline.', lessons: {}, exercises: [] },
    m3: { title: 'E-mail et SMS', description: 'Messages individuels, modèles, envois groupés de SMS, heures de silence et désinscriptions.', lessons: {}, exercises: [] },
    m4: { title: 'Automatisations (en cours de construction)', description: 'En cours de construction : déclencheurs, conditions, délais et étapes SMS ou e-mail.', lessons: {}, exercises: [] },
    m5: {
      title: 'Scoring des prospects (prévu)',
      description: 'Prévu, pas encore disponible : comment les scores sont calculés, les seuils, et l’attribution des prospects à la bonne personne.',
      lessons: {},
      exercises: [],
    },
    m6: { title: 'Rendez-vous et agenda d’équipe', description: 'Rendez-vous, agenda d’équipe, fichiers .ics et tâches de relance.', lessons: {}, exercises: [] },
    m7: { title: 'Rapports et analyses', description: 'Chiffre d’affaires, conversion, sources et exports pour la comptabilité.', lessons: {}, exercises: [] },
    m8: { title: 'Sécurité et conformité', description: 'Rôles, journal d’audit, clés d’API et bonnes pratiques HIPAA.', lessons: {}, exercises: [] },
  },
} satisfies Texts<TrainingTexts>;
