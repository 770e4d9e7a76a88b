import type { Texts } from '../../i18n';
import type { AcademyTexts } from '../academy';
import { plural } from './plural';

export default {
  eyebrow: 'Académie',
  title: 'Apprenez Switchboard à votre rythme',
  lead: 'Des parcours adaptés à votre rôle, une prise en main en 15 minutes, le parcours de formation complet et des certifications qui attestent de vos compétences.',
  startCourse: 'Commencer la formation',
  browse: 'Parcourir l’Académie',
  sectionsLabel: 'Rubriques de l’Académie',
  tabs: { paths: 'Parcours', quickstart: 'Prise en main', tutorials: 'Tutoriels', certification: 'Certifications', templates: 'Modèles', resources: 'Ressources' },
  paths: [
    { title: 'Équipes commerciales', text: 'Pipeline, tâches et réflexes de relance qui concluent plus d’affaires.' },
    { title: 'Marketeurs', text: 'Étiquettes, vues enregistrées, formulaires de capture et chat du site qui transforment les visiteurs en prospects.' },
    { title: 'Responsables de cabinet', text: 'Rendez-vous, agenda d’équipe, messagerie patients et HIPAA pour les cabinets dentaires, centres esthétiques et cliniques.' },
    { title: 'Agences', text: 'Espaces clients, pipelines partagés, modèles et rapports pour vos clients.' },
  ],
  courses: (count: number) => plural(count, '# cours', '# cours'),
  hours: (count: string) => `${count} heures`,
  quickstartTitle: 'Opérationnel en 15 minutes',
  quickstart: [
    { title: 'Créez votre espace de travail', text: 'Inscrivez-vous, réglez votre fuseau horaire et invitez un collègue.' },
    { title: 'Importez vos contacts', text: 'Chargez un fichier CSV et fusionnez les doublons.' },
    { title: 'Rédigez un modèle', text: 'Enregistrez un modèle de SMS pour répondre aux nouveaux prospects.' },
    { title: 'Consultez le tableau de bord', text: 'Découvrez vos premiers chiffres et les prochaines étapes suggérées.' },
  ],
  minutes: (count: number) => `${count} min`,
  allTutorials: 'Tous les tutoriels (en anglais)',
  certifications: [
    {
      title: 'Utilisateur certifié Switchboard',
      text: 'Contacts, pipeline, boîte de réception et rapports. Examen : 30 questions, 45 minutes.',
      requirement: 'Prérequis : suivre le parcours de formation',
    },
    {
      title: 'Spécialiste de l’automatisation (prévu)',
      text: 'Prévu, pas encore disponible : une certification sur les déclencheurs, conditions, attentes et étapes de l’éditeur d’automatisations. Examen et réalisation pratique.',
      requirement: 'Prérequis : Utilisateur certifié',
    },
    { title: 'Agence partenaire', text: 'Espaces clients, modèles et rapports clients.', requirement: 'Prérequis : Utilisateur certifié et un espace client en production' },
  ],
  templates: [
    { title: 'Relance des nouveaux prospects (prévu)', text: 'E-mail de bienvenue, SMS de suivi et tâche pour le commercial dès que le prospect réagit.' },
    { title: 'Rappels de rendez-vous (prévu)', text: 'Confirmation, rappels 24 heures et 1 heure avant, et relance en cas d’absence.' },
    { title: 'Demande d’avis (prévu)', text: 'Un SMS de remerciement avec un lien vers l’avis après chaque rendez-vous honoré.' },
    { title: 'Messages de reconquête (prévu)', text: 'Trois messages sur trois semaines aux clients qui ne donnent plus de nouvelles.' },
  ],
  steps: (count: number) => plural(count, '# étape', '# étapes'),
  resources: [
    { title: 'Tutoriels écrits', text: 'Des guides pas à pas pour chaque partie du produit.', action: 'Ouvrir les tutoriels' },
    { title: 'Centre d’aide', text: 'Vidéos, réponses aux questions fréquentes et support en direct.', action: 'Ouvrir le centre d’aide' },
    { title: 'Guide de migration', text: 'Quittez un autre CRM en une journée.', action: 'Ouvrir le guide de migration' },
    { title: 'Intégrations', text: 'Connectez agendas, paiements, e-mail et plus encore.', action: 'Voir les intégrations' },
  ],
} satisfies Texts<AcademyTexts>;
