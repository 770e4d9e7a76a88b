import type { Texts } from '../../i18n';
import type { PartnershipTexts } from '../partnerships';

export default {
  navLabel: 'Partenariats',
  successStories: 'Témoignages clients',
  pricing: 'Tarifs',
  apply: 'Devenir partenaire',
  applySubject: 'Candidature au programme partenaire',
  scheduleDemo: 'Planifier une démo',
  eyebrow: 'Programme partenaire',
  title: 'Offrez à vos membres un meilleur moyen de se développer, et partagez-en les fruits',
  lead: 'Associations, réseaux et groupements professionnels proposent Switchboard à leurs membres à un tarif exclusif, et touchent une commission récurrente sur chaque abonnement, aux conditions convenues avec chaque partenaire.',
  benefitsTitle: 'Pourquoi devenir partenaire',
  benefits: {
    commission: { title: 'Une commission récurrente', text: 'Touchez une part de chaque abonnement de vos membres, chaque mois, aussi longtemps qu’ils restent clients.' },
    pricing: { title: 'Un tarif pour vos membres', text: 'Offrez à vos membres un tarif exclusif qu’ils ne trouveront nulle part ailleurs : un vrai avantage d’adhésion.' },
    launch: { title: 'Lancement en 30 jours maximum', text: 'Nous préparons la page d’atterrissage, l’annonce et les webinaires ; vous prévenez vos membres.' },
    marketing: { title: 'Marketing co-brandé', text: 'E-mails, présentations et page dédiée à vos membres, avec votre marque à côté de la nôtre, prêts à l’envoi.' },
    manager: { title: 'Un responsable partenaire dédié', text: 'Un interlocuteur unique qui connaît vos membres, votre calendrier et vos objectifs, dès le lancement.' },
    dashboard: { title: 'Tableau de bord partenaire', text: 'Suivez les inscriptions de vos membres, les comptes actifs et les commissions perçues, mis à jour chaque jour.' },
  },
  tabsTitle: 'Ce que cela change pour vos membres',
  tabsIntro: 'Choisissez votre réseau pour voir les avantages membres et un exemple de revenus.',
  tabsLabel: 'Types de partenaires',
  tabs: {
    dental: {
      label: 'Associations dentaires',
      audience: 'les associations dentaires nationales et régionales et les groupes d’étude',
      benefits: [
        'Un tarif membre sur toutes les offres',
        'Aide à la configuration de chaque cabinet : rôles, journal d’audit et auto-hébergement (sans BAA, la conformité HIPAA reste du ressort du cabinet)',
        'Modèles de rappels de contrôle, de relances et de demandes d’avis écrits avec des dentistes en exercice',
        'Webinaires de formation continue sur le développement du cabinet, coanimés avec vous',
      ],
    },
    medspa: {
      label: 'Médecine esthétique',
      audience: 'les associations de médecine esthétique et les réseaux de centres',
      benefits: [
        'Rappels selon l’intervalle des soins pour les injections, le laser, les soins de la peau et le corps',
        'Suivi des abonnements et des forfaits pour chaque établissement',
        'Messagerie client avec piste d’audit, sur des serveurs que vous maîtrisez',
        'Kit de lancement co-brandé pour votre congrès annuel',
      ],
    },
    agency: {
      label: 'Groupements marketing',
      audience: 'les réseaux d’agences, les collectifs marketing et les réseaux de franchise',
      benefits: [
        'Espaces clients pour chaque agence membre, marque blanche prévue',
        'Étapes de pipeline et modèles de SMS partagés dans tout le groupement',
        'Refacturation avec la marge propre à chaque agence',
        'Ateliers de croissance trimestriels pour les agences membres',
      ],
    },
    coaching: {
      label: 'Réseaux de coachs',
      audience: 'les fédérations de coaching, les organismes de certification et les communautés',
      benefits: [
        'Appels découverte dans l’agenda d’équipe et suivi des programmes dans le pipeline',
        'Modèles pour le coaching business, de vie, de carrière et bien-être',
        'Paiements et échéanciers pour les programmes',
        'Promotions d’intégration réservées aux membres chaque mois',
      ],
    },
  },
  forAudience: (audience: string) => `Pour ${audience}`,
  revenueTitle: 'Potentiel de revenus',
  members: 'Membres',
  adoption: 'Taux d’adoption',
  pricePerMember: 'Prix par membre et par mois',
  annualSubscriptions: 'Abonnements annuels des membres',
  yourCommission: (percent: string) => `Votre commission de ${percent} par an`,
  revenueFormula: (subscribers: string, price: string) => `${subscribers} membres abonnés × ${price} × 12 mois. Un exemple, pas une promesse.`,
  associationsTitle: 'Partenaires fictifs (exemples, pas de vraies organisations)',
  associations: [
    {
      name: 'Midwest Dental Practice Alliance',
      kind: 'Association dentaire',
      quote: 'Nos membres voulaient un seul système pour les rappels de contrôle, les avis et les relances. Ils l’ont désormais, à un tarif que nous avons négocié pour eux.',
    },
    {
      name: 'Aesthetic Medicine Network',
      kind: 'Réseau de médecine esthétique',
      quote: 'Le kit de lancement et les webinaires membres ont facilité l’adoption : beaucoup de nos établissements ont changé d’outil dès la première année.',
    },
    {
      name: 'Independent Agency Collective',
      kind: 'Groupement marketing',
      quote: 'Grâce aux étapes de pipeline et aux modèles partagés, chaque agence membre démarre avec ce que les meilleures ont déjà construit.',
    },
  ],
  processTitle: 'Comment devenir partenaire',
  process: [
    { title: 'Déposez votre candidature', text: 'Présentez-nous votre organisation, vos membres et leurs besoins. Cela prend dix minutes.' },
    { title: 'Étude de la candidature et séance stratégique', text: 'Nous étudions votre candidature sous une semaine et planifions le lancement avec vous lors d’un appel.' },
    { title: 'Accord et mise en place', text: 'Signez l’accord de partenariat ; nous configurons le tarif membres, votre page d’atterrissage et votre tableau de bord.' },
    { title: 'Lancement auprès des membres', text: 'Annoncez-le à vos membres avec notre kit co-brandé et nos webinaires. La commission démarre dès la première inscription.' },
  ],
  ctaTitle: 'Lancez l’offre pour vos membres en 30 jours',
  ctaText: 'Postulez dès aujourd’hui ; nous vous répondons sous une semaine avec un plan de lancement pour votre organisation.',
} satisfies Texts<PartnershipTexts>;
