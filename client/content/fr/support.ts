import type { Texts } from '../../i18n';
import type { SupportTexts } from '../support';

export default {
  chatResponse: 'Chat en direct : une réponse automatique immédiate, notre équipe pendant les heures de support',
  emailResponse: 'E-mail : réponse sous 4 heures',
  hours: ['Du lundi au vendredi : 9 h – 18 h (heure de New York)', 'Samedi : 10 h – 16 h (heure de New York)', 'Dimanche : fermé (le chat en direct reste ouvert)'],
  hoursShort: 'du lundi au vendredi de 9 h à 18 h et le samedi de 10 h à 16 h (heure de New York)',
  emergency: 'Switchboard est open source : support communautaire sur GitHub Discussions et Issues',
  cards: {
    liveChat: 'Chat en direct',
    email: 'E-mail',
    call: 'Appels et visio',
    callText: 'Réservez un appel ou un partage d’écran : un spécialiste vous rappelle à l’heure de votre choix.',
    bookCall: 'Réserver un appel',
    community: 'Communauté',
    communityText: 'Switchboard est open source : posez vos questions à la communauté, suivez la feuille de route et signalez les bugs sur GitHub.',
    discussions: 'Discussions GitHub',
    issues: 'Signaler un bug',
    hours: 'Horaires du support',
  },
} satisfies Texts<SupportTexts>;
