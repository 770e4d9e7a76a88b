import type { Texts } from '../../i18n';
import type { SalesLandingTexts } from '../sales-landing';
import { plural } from './plural';

export default {
  countdownLabel: 'L’offre de lancement se termine dans',
  countdownLead: 'Le tarif de lancement prend fin dans',
  countdown: (days: number, hours: number, minutes: number) => `${plural(days, '# jour', '# jours')} ${plural(hours, '# heure', '# heures')} ${plural(minutes, '# minute', '# minutes')}`,
  eyebrow: 'Offre de lancement',
  title: 'Ne perdez plus de prospects à cause de relances trop lentes',
  lead: 'Les acheteurs choisissent souvent l’entreprise qui répond la première. Switchboard place chaque prospect de vos formulaires et du chat de votre site dans votre pipeline dès son arrivée : vous pouvez être le premier.',
  startTrial: 'Démarrer l’essai gratuit',
  bookDemo: 'Réserver une démo',
  problemsTitle: 'Le problème, et notre solution',
  problemLabel: 'Problème :',
  solutionLabel: 'Solution :',
  problems: [
    {
      problem: 'Les prospects attendent une réponse pendant des heures et achètent chez celui qui répond le premier.',
      solution: 'Chaque nouveau prospect parvient aussitôt à votre équipe, qui peut répondre par SMS ou par le chat du site depuis le même écran.',
    },
    {
      problem: 'Votre équipe appelle le premier nom de la liste, pas celui qui est prêt à acheter.',
      solution: 'Chaque prospect arrive dans votre pipeline avec sa source et son historique, et une tâche pour la bonne personne : les meilleurs sont appelés en premier.',
    },
    {
      problem: 'Les relances reposent sur la mémoire de chacun et passent à la trappe dès que l’activité s’emballe.',
      solution:
        'Chaque relance est une tâche avec une échéance et un responsable, sur le contact concerné. Une automatisation peut les envoyer pour vous : un délai, un SMS ou un e-mail, puis une tâche si personne ne répond.',
    },
    { problem: 'Huit outils, huit identifiants, et personne n’a de vue d’ensemble sur le client.', solution: 'Contacts, affaires, SMS, e-mails, chats et rendez-vous partagent une même chronologie.' },
  ],
  resultsTitle: 'Ce que vous avez dès aujourd’hui',
  resultsLabel: 'Switchboard en chiffres',
  whyNowTitle: 'Pourquoi maintenant',
  whyNowIntro: 'Le tarif de lancement vous reste acquis tant que vous restez client, mais uniquement pour les inscriptions avant la fin de l’offre.',
  includedTitle: 'Inclus dans l’offre de lancement',
  included: [
    'Migration accompagnée et gratuite depuis votre outil actuel',
    'Des modèles de SMS et des formulaires de prospects prêts à l’emploi',
    'Un appel de prise en main individuel dès votre première semaine',
  ],
  demoTitle: 'Voyez-le à l’œuvre sur vos propres prospects',
  demoPanelTitle: 'Réservez une démo de 30 minutes',
  demoPanelText: 'Nous vous montrons un vrai prospect arrivé par un formulaire ou le chat, et votre équipe qui lui répond, et répondons à toutes vos questions. Réponse sous 24 heures.',
  ctaTitle: 'Soyez le premier à répondre, à chaque fois',
  ctaText: 'Commencez gratuitement aujourd’hui : votre première réponse à un prospect peut partir dès cet après-midi.',
  seePricing: 'Voir les tarifs',
} satisfies Texts<SalesLandingTexts>;
