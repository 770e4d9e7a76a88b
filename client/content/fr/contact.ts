import type { Texts } from '../../i18n';
import type { ContactTexts } from '../contact';

export default {
  contact: {
    eyebrow: 'Contact',
    title: 'Parlez à quelqu’un, rapidement',
    lead: 'Le chat en direct répond en moins de 2 minutes, l’e-mail sous 4 heures, et notre équipe organise appels et partages d’écran du lundi au samedi.',
    emailUs: (address: string) => `Écrire à ${address}`,
    waysTitle: 'Comment nous joindre',
    messageTitle: 'Envoyez-nous un message',
    panelTitle: 'Une question sur les offres, la migration ou un partenariat ?',
    panelText: (sales: string, partners: string) => `Les questions commerciales vont à ${sales}, les partenariats à ${partners}. Nous répondons sous 2 heures ouvrées.`,
    send: 'Envoyer le message',
  },
  bookDemo: {
    eyebrow: 'Démo entreprise',
    title: 'Réserver une démo',
    lead: 'Découvrez comment Switchboard relie vos contacts, votre pipeline, votre boîte de réception et vos rendez-vous, lors d’un appel avec l’équipe qui le développe.',
    points: {
      walkthrough: 'Une présentation en direct construite autour de votre pipeline, de votre boîte de réception et de vos rendez-vous.',
      migration: 'Une migration et une prise en main planifiées avec les personnes qui les mèneront.',
      security: 'Des ingénieurs répondent à vos questions de sécurité, de conformité et d’auto-hébergement.',
      reply: 'Notre équipe entreprise vous contacte sous 24 heures.',
    },
    formTitle: 'Demandez votre démo',
    formText: 'Laissez votre e-mail professionnel et nous fixerons un créneau qui vous convient.',
  },
} satisfies Texts<ContactTexts>;
