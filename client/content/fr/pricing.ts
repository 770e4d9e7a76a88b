import type { Texts } from '../../i18n';
import type { PricingTexts } from '../pricing';
import { TRIAL_DAYS } from '../../../server/plans/schema';

const trialButton = `Démarrer l’essai gratuit de ${TRIAL_DAYS} jours`;
const contactSales = 'Contacter l’équipe commerciale';

export default {
  plans: {
    starter: {
      description: 'Pour une petite équipe qui met en place son premier pipeline et ses relances.',
      features: ['1 000 contacts', '3 membres d’équipe', '3 tunnels de vente', '1 site web', 'E-mails et SMS depuis le CRM', 'Pipeline, tâches et rendez-vous'],
      limitations: ['Pas de marque blanche', 'Pas d’accès à l’API'],
      buttonText: trialButton,
    },
    unlimited: {
      description: 'Tout, sans limites, pour une entreprise en croissance.',
      features: ['Contacts illimités', 'Membres d’équipe illimités', 'Tunnels de vente et sites illimités', 'Marque blanche (prévu)', 'Accès à l’API', 'Scoring des prospects par IA (prévu)'],
      limitations: [],
      buttonText: trialButton,
    },
    saas_pro: {
      description: 'Pour les agences qui revendent la plateforme à leurs propres clients.',
      features: [
        'Tout ce que comprend Unlimited',
        'Tableau de bord agence',
        'Établissements illimités',
        'Rôles et journal d’audit',
        'Auto-hébergement : vos données sur vos propres serveurs',
        'Support communautaire sur GitHub',
      ],
      limitations: [],
      buttonText: contactSales,
    },
    professional: {
      description: 'Pour les équipes commerciales et marketing confirmées.',
      features: [
        '25 000 contacts',
        '25 membres d’équipe',
        'SMS, e-mail et chat du site dans une même boîte de réception',
        'Éditeur d’automatisations',
        'Rapports et tableaux de bord',
        'Support par e-mail et par chat',
      ],
      limitations: [],
      buttonText: 'Commencer',
    },
    enterprise: {
      description: 'Pour les entreprises qui pilotent plusieurs équipes et marques sur une seule plateforme.',
      features: [
        '100 000 contacts',
        'Membres d’équipe illimités',
        'Rôles et journal d’audit',
        'Clés d’API à portée limitée',
        'Auto-hébergement : vos données sur vos propres serveurs',
        'Support communautaire sur GitHub',
      ],
      limitations: [],
      buttonText: 'Commencer',
    },
    enterprise_plus: {
      description: 'Aucune limite, avec facturation annuelle, pour les plus grandes équipes.',
      features: ['Contacts illimités', 'Membres d’équipe illimités', 'Tout ce que comprend Enterprise', 'Facturation annuelle'],
      limitations: [],
      buttonText: contactSales,
    },
  },
  billing: { label: 'Période de facturation', monthly: 'Mensuel', yearly: 'Annuel', yearlyDescription: 'Annuel, 17 % d’économie', badge: '−17 %' },
  perMonth: '/mois',
  perYear: '/an',
  was: 'au lieu de',
  unlimited: 'Illimité',
  withPlan: (plan: string) => `avec ${plan}`,
  pricing: {
    title: 'Tarifs',
    lead: `Des offres pour les équipes qui vendent : une seule plateforme pour les contacts, le pipeline, les SMS, les e-mails et les rendez-vous. Commencez par un essai gratuit de ${TRIAL_DAYS} jours, sans carte bancaire.`,
    plansLabel: 'Offres',
    mostPopular: 'La plus choisie',
    youSave: (amount: string) => `Vous économisez ${amount} par an`,
    compareTitle: 'Comparer les offres',
    featureColumn: 'Fonctionnalité',
    rows: {
      contacts: 'Contacts',
      members: 'Membres d’équipe',
      funnels: 'Tunnels de vente',
      websites: 'Sites web',
      monthlyPrice: 'Prix par mois',
      yearlyPrice: 'Prix par an',
    },
    smallerTeam: {
      before: 'Petite équipe ? Découvrez les offres Starter, Unlimited et SaaS Pro sur la',
      subscribeLink: 'page d’abonnement',
      between: 'ou comparez nos',
      comparisonLink: 'prix à ceux d’un concurrent de premier plan',
      after: '.',
    },
    faqTitle: 'Questions fréquentes',
    faq: [
      { question: 'Puis-je essayer avant de payer ?', answer: `Oui. Chaque nouvel espace de travail démarre avec un essai gratuit de ${TRIAL_DAYS} jours de l’offre Unlimited, sans carte bancaire.` },
      {
        question: 'Puis-je changer d’offre plus tard ?',
        answer: 'Oui. Le passage à une offre supérieure s’applique immédiatement ; le passage à une offre inférieure prend effet au début de votre prochain cycle de facturation.',
      },
      { question: 'Que se passe-t-il à la fin de l’essai ?', answer: 'Votre espace de travail passe en lecture seule jusqu’à votre abonnement. Rien n’est supprimé.' },
      { question: 'Comment payer ?', answer: 'Par carte, via notre prestataire de paiement ; les grands comptes peuvent demander une facturation annuelle.' },
      { question: 'Puis-je résilier ?', answer: 'Oui, à tout moment depuis Paramètres → Facturation, et sans frais d’installation.' },
    ],
    ctaTitle: 'Prêts quand vous l’êtes',
    ctaText: 'Démarrez votre essai gratuit dès aujourd’hui. Changez d’offre ou résiliez à tout moment.',
    ctaButton: 'Démarrer l’essai gratuit',
  },
  comparison: {
    title: 'Switchboard face à un concurrent de premier plan',
    lead: `Le même travail pour moins cher, chaque mois, avec un essai gratuit de ${TRIAL_DAYS} jours et sans frais d’installation.`,
    pricesTitle: 'Les prix côte à côte',
    tiers: { small: 'Petite équipe', growing: 'Entreprise en croissance', agency: 'Agence' },
    competitor: 'Concurrent de premier plan',
    ourPlan: (plan: string) => `Switchboard ${plan}`,
    monthly: (price: string) => `${price} par mois`,
    youSaveEachYear: 'Votre économie annuelle',
    calculatorTitle: 'Calculateur d’économies annuelles',
    yourBusiness: 'Votre activité',
    accounts: 'Comptes ou établissements',
    savePrefix: 'Vous économisez',
    saveSuffix: 'par an',
    matrixTitle: 'Fonctionnalité par fonctionnalité',
    featureColumn: 'Fonctionnalité',
    matrix: [
      {
        category: 'Fonctionnalités essentielles',
        rows: [
          { feature: 'Contacts et entreprises', ours: 'Inclus', competitor: 'Inclus' },
          { feature: 'Pipeline et affaires', ours: 'Inclus', competitor: 'Inclus' },
          { feature: 'Tâches et rendez-vous', ours: 'Inclus', competitor: 'Inclus' },
          { feature: 'E-mails et SMS depuis le CRM', ours: 'Inclus', competitor: 'Inclus' },
        ],
      },
      {
        category: 'Fonctionnalités avancées',
        rows: [
          { feature: 'Éditeur d’automatisations', ours: 'Inclus (étapes vocales et IA prévues)', competitor: 'Workflows simples' },
          { feature: 'Scoring des prospects par IA', ours: 'Prévu, pas encore disponible', competitor: 'En option' },
          { feature: 'Auto-hébergement (open source)', ours: 'Oui', competitor: 'Non' },
          { feature: 'Mises à jour en temps réel pour l’équipe', ours: 'Inclus', competitor: 'Limité' },
        ],
      },
      {
        category: 'Tarifs et limites',
        rows: [
          { feature: 'Essai gratuit', ours: '14 jours, sans carte', competitor: '14 jours, carte exigée' },
          { feature: 'Frais d’installation', ours: 'Aucun', competitor: 'Aucun' },
        ],
      },
      {
        category: 'Support et formation',
        rows: [
          { feature: 'Support', ours: 'Communautaire, sur GitHub Discussions et Issues', competitor: 'Heures ouvrées' },
          { feature: 'Prise en main', ours: 'Environ 15 minutes', competitor: 'En autonomie' },
          { feature: 'Académie et tutoriels', ours: 'Inclus', competitor: 'Inclus' },
        ],
      },
    ],
    startTrial: `Démarrer l’essai gratuit de ${TRIAL_DAYS} jours`,
    seeEnterprise: 'Voir les tarifs entreprise',
  },
} satisfies Texts<PricingTexts>;
