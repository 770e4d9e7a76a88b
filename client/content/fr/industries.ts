import type { Texts } from '../../i18n';
import type { IndustryTexts } from '../industries';
import { CLAIMS, INTEGRATIONS } from '../claims';

export default {
  startTrial: 'Démarrer l’essai gratuit',
  resultsTitle: 'Switchboard aujourd’hui',
  statsLabel: (page: string) => `${page} : chiffres clés`,
  customersTitle: 'Exemples fictifs : des clients inventés, pour montrer comment les équipes utilisent Switchboard',
  guarantee: 'Essai gratuit de 14 jours, sans carte bancaire. Satisfait ou remboursé pendant 30 jours.',
  closingNote: 'Avec notre garantie satisfait ou remboursé de 30 jours. Sans frais d’installation.',
  talkTitle: 'Parlons-en',
  talkIntro: 'Des questions avant de vous lancer ? Notre équipe répond par chat, par e-mail et lors d’appels sur rendez-vous.',
  pages: {
    dental: {
      title: 'CRM pour cabinets dentaires',
      badge: 'Conforme HIPAA · BAA signé inclus',
      heroTitle: 'Des fauteuils toujours occupés, des patients qui reviennent',
      heroLead:
        'Rappels de contrôle, prise de rendez-vous en ligne, demandes d’avis et suivi des plans de traitement tournent tout seuls : votre accueil passe ses journées avec les patients plutôt qu’au téléphone.',
      demo: 'Réserver une démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Pensé pour le fonctionnement d’un cabinet dentaire',
      features: {
        booking: { title: 'Rendez-vous en ligne', text: 'Les patients choisissent un créneau libre dans votre vrai planning, à toute heure, et reçoivent une confirmation par SMS.' },
        recall: { title: 'Rappels et relances', text: 'Rappels de contrôle à six mois, rappels et confirmations de rendez-vous par SMS et e-mail : moins d’absences, sans appels supplémentaires.' },
        reviews: { title: 'Demandes d’avis', text: 'Après chaque visite, un SMS aimable invite les patients satisfaits à laisser un avis Google tant que l’expérience est fraîche.' },
        treatment: {
          title: 'Suivi des plans de traitement',
          text: 'Les soins non planifiés déclenchent une série de rappels bienveillants jusqu’à ce que le patient réserve ou vous explique pourquoi.',
        },
        hipaa: {
          title: 'Messagerie conforme HIPAA',
          text: 'Les échanges avec les patients restent dans une boîte de réception sécurisée avec journal d’audit, couverte par un accord de sous-traitance (BAA) signé.',
        },
        reports: {
          title: 'Rapports du cabinet',
          text: 'Nouveaux patients par provenance, taux de retour en contrôle, créneaux annulés reprogrammés et chiffre d’affaires réservé, à partir de vos propres données.',
        },
      },
      testimonials: [
        {
          quote: 'Notre liste de rappels vivait dans un tableur que personne n’avait le temps d’ouvrir. Désormais, les rappels partent tout seuls et le planning d’hygiène est complet.',
          name: 'Dr Sarah Patel',
          role: 'Fondatrice',
          company: 'Bright Smiles Family Dentistry',
        },
        {
          quote: 'L’accueil a arrêté de courir après les confirmations par téléphone. Les absences ont baissé dès le premier mois.',
          name: 'Maria Gonzales',
          role: 'Responsable administrative',
          company: 'Lakeside Dental Group',
        },
        {
          quote: 'Nous sommes passés de 60 avis Google à plus de 300 en un an, simplement en sollicitant chaque patient au bon moment.',
          name: 'Dr James Whitfield',
          role: 'Dentiste principal',
          company: 'Whitfield Orthodontics',
        },
      ],
      closingTitle: 'Rendez ses après-midi à votre accueil',
      closingText: 'Importez votre liste de patients, connectez votre agenda et activez les rappels de contrôle dès aujourd’hui.',
    },
    medspa: {
      title: 'CRM pour centres de médecine esthétique',
      badge: 'Conforme HIPAA · BAA signé inclus',
      heroTitle: 'Plus de consultations réservées, des clients qui reviennent au bon rythme',
      heroLead: 'De la première demande sur Instagram à la prochaine retouche de Botox, Switchboard relance chaque client au bon moment : vos praticiens gardent un agenda plein.',
      demo: 'Réserver une démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Tout ce qui se passe entre la première demande et la dixième visite',
      features: {
        enquiries: {
          title: 'Réponse immédiate aux demandes',
          text: 'Les demandes venues d’un formulaire, d’Instagram ou par SMS obtiennent une réponse en quelques secondes, avec un lien pour réserver une consultation.',
        },
        booking: { title: 'Réservation des consultations', text: 'Vos clients réservent consultations et soins en ligne ; les acomptes et les rappels sont gérés pour vous.' },
        intervals: {
          title: 'Rappels selon l’intervalle des soins',
          text: 'Injections tous les 3 à 4 mois, séances laser toutes les quelques semaines : chaque client reçoit un message quand la séance suivante approche.',
        },
        memberships: { title: 'Abonnements et forfaits', text: 'Suivez les abonnements mensuels et les forfaits prépayés, et rappelez aux clients les séances qui leur restent.' },
        care: { title: 'Soins avant et après', text: 'Consignes de préparation avant la visite et prise de nouvelles le lendemain, envoyées automatiquement.' },
        reviews: { title: 'Avis et parrainages', text: 'Demandez un avis à vos clients ravis et récompensez les amis qu’ils vous recommandent.' },
      },
      extras: {
        title: 'Des parcours pour chaque catégorie de soins',
        intro: 'Chaque catégorie est livrée avec des rappels et des relances prêts à l’emploi, à adapter à votre carte de soins.',
        items: [
          {
            title: 'Injections',
            text: 'Botox, produits de comblement et autres neurotoxines.',
            points: ['Rappel de retouche à 3 ou 4 mois', 'Point sur les résultats à deux semaines', 'Rappels des tarifs abonnés'],
          },
          {
            title: 'Laser',
            text: 'Épilation, resurfaçage et lumière pulsée (IPL).',
            points: ['Planification des séances aux bons intervalles', 'Précautions avant exposition au soleil', 'Suivi après test cutané'],
          },
          {
            title: 'Soins de la peau',
            text: 'Soins du visage, peelings et produits de qualité médicale.',
            points: ['Abonnement mensuel aux soins du visage', 'Rappels de réapprovisionnement en produits', 'Conseils de routine selon la saison'],
          },
          {
            title: 'Corps',
            text: 'Remodelage du corps et raffermissement de la peau.',
            points: ['Relance de la consultation jusqu’au forfait', 'Rappels de photos de suivi', 'Incitations aux séances d’entretien'],
          },
        ],
      },
      testimonials: [
        {
          quote: 'Les demandes arrivées à 23 h attendaient le lendemain matin. Aujourd’hui, elles reçoivent tout de suite un lien de réservation, et la moitié réservent.',
          name: 'Jessica Moreau',
          role: 'Fondatrice',
          company: 'Glow Aesthetics Med Spa',
        },
        { quote: 'Les rappels de retouche ont suffi à rentabiliser l’abonnement dès le premier mois.', name: 'Dre Amanda Reyes', role: 'Directrice médicale', company: 'Renew Skin Clinic' },
        {
          quote: 'Les abonnements ont enfin un vrai outil. Les clientes savent ce qu’il leur reste, et nous aussi.',
          name: 'Tina Brooks',
          role: 'Responsable du centre',
          company: 'Serenity Medical Spa',
        },
      ],
      closingTitle: 'Gardez vos cabines de soins bien remplies',
      closingText: 'Commencez par votre liste de clients et votre carte de soins ; les rappels suivent.',
    },
    agency: {
      title: 'CRM pour agences marketing',
      badge: 'Marque blanche · espaces clients',
      heroTitle: 'Gérez tous vos clients depuis un seul endroit, sous votre propre marque',
      heroLead: 'Un espace par client, des automatisations créées une fois et réutilisées, et des rapports à votre logo. Opérationnel en 2 heures, pas en 2 mois.',
      demo: 'Voir la démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Les outils qu’une agence revend',
      features: {
        workspaces: { title: 'Espaces clients', text: 'Chaque client dispose de ses contacts, de son pipeline et de ses rapports ; votre équipe passe de l’un à l’autre en un clic.' },
        whiteLabel: { title: 'Tout en marque blanche', text: 'Votre logo, vos couleurs et votre domaine sur le portail client et sur chaque rapport envoyé.' },
        automations: { title: 'Automatisations réutilisables', text: 'Créez une séquence de maturation des prospects une fois, puis copiez-la dans chaque nouveau compte client.' },
        reports: { title: 'Rapports clients', text: 'Prospects, conversions et chiffre d’affaires par campagne, envoyés chaque lundi dans la boîte de réception de votre client.' },
        scoring: { title: 'Scoring des prospects', text: 'L’IA note chaque prospect pour que les équipes commerciales de vos clients appellent d’abord les bonnes personnes.' },
        rebilling: { title: 'Refacturation', text: 'Facturez à vos clients leurs utilisateurs et leurs messages, avec votre propre marge.' },
      },
      extras: {
        title: 'Conçu pour tous les types d’agences',
        intro: 'Quoi que vous vendiez, Switchboard est le système qui le fait tourner.',
        items: [
          {
            title: 'Digitale',
            text: 'Référencement payant, réseaux sociaux et SEO.',
            points: ['Attribution des prospects par campagne', 'Pages d’atterrissage et tunnels de vente', 'Relance immédiate des prospects issus des publicités'],
          },
          { title: 'Créative', text: 'Studios de marque, de contenu et de design.', points: ['Pipelines de projets', 'Validations client par e-mail', 'Renouvellement des contrats de prestation'] },
          { title: 'Relations presse', text: 'Communication et relations médias.', points: ['Listes de contacts médias', 'Séquences de pitch', 'Suivi des retombées'] },
          { title: 'Growth', text: 'Croissance et opérations de revenus.', points: ['Expérimentations multicanales', 'Analyse des tunnels', 'Séquences testées en A/B'] },
        ],
      },
      testimonials: [
        {
          quote: 'Nous intégrons désormais un nouveau client en un après-midi : on copie le modèle d’espace, on importe sa liste, c’est fait.',
          name: 'Marcus Chen',
          role: 'Directeur général',
          company: 'Northlight Digital',
        },
        {
          quote: 'Les rapports en marque blanche nous ont fait paraître bien plus grands. Deux clients ont augmenté leur contrat après les avoir vus.',
          name: 'Olivia Grant',
          role: 'Fondatrice',
          company: 'Grant & Hale Creative',
        },
        {
          quote: 'Nous avons remplacé quatre outils par un seul et commencé à le revendre. C’est devenu une source de profit, plus une charge.',
          name: 'Daniel Okafor',
          role: 'Responsable de la croissance',
          company: 'Amplify Growth Partners',
        },
      ],
      closingTitle: 'Votre agence, une seule plateforme',
      closingText: 'Créez votre premier espace client en 2 heures et découvrez-le aux couleurs de votre marque.',
    },
    coaching: {
      title: 'CRM pour coachs',
      badge: 'Dossiers clients sécurisés · prêt pour le RGPD',
      heroTitle: 'Passez votre temps à coacher, pas à relancer',
      heroLead:
        'Des appels découverte réservés depuis votre site, des relances qui s’écrivent toutes seules et des programmes qui gardent vos clients sur la bonne voie. La plupart des coachs sont opérationnels en moins d’une heure.',
      demo: 'Réserver une démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Une activité qui tourne toute seule entre deux séances',
      features: {
        discovery: {
          title: 'Réservation d’appels découverte',
          text: 'Vos prospects réservent un appel gratuit depuis votre site ou votre profil social ; des rappels s’assurent qu’ils s’y présentent.',
        },
        nurture: { title: 'Séquences de maturation', text: 'Les nouveaux abonnés reçoivent une série de bienvenue qui partage vos meilleures idées et les invite à échanger.' },
        programmes: { title: 'Programmes et forfaits', text: 'Vendez des programmes de 6 et 12 semaines, suivez les séances consommées et les renouvellements à venir.' },
        notes: { title: 'Notes de séance et exercices', text: 'Notes, objectifs et exercices vivent sur la fiche de chaque client, avec un rappel avant la séance suivante.' },
        payments: { title: 'Paiements et factures', text: 'Paiements par carte, échéanciers et factures, avec des relances automatiques en cas de retard.' },
        testimonials: { title: 'Témoignages en pilote automatique', text: 'Demandez un témoignage quand un client franchit une étape, et publiez les meilleurs.' },
      },
      extras: {
        title: 'Quel que soit votre domaine',
        intro: 'Partez de modèles écrits pour votre spécialité.',
        items: [
          { title: 'Business', text: 'Fondateurs, dirigeants et équipes.', points: ['Tunnel d’appel stratégique', 'Rappels de bilan trimestriel', 'Gestion de groupes de mastermind'] },
          {
            title: 'Vie personnelle',
            text: 'Développement personnel et transitions de vie.',
            points: ['Tunnel d’inscription avec guide gratuit', 'SMS de suivi hebdomadaire', 'Célébration des étapes franchies'],
          },
          { title: 'Carrière', text: 'Recherche d’emploi et reconversion.', points: ['Réservation de relecture de CV', 'Séquences de préparation aux entretiens', 'Suivi des offres d’emploi'] },
          { title: 'Bien-être', text: 'Santé, forme et nutrition.', points: ['Rappels de suivi des habitudes', 'Renouvellement des programmes', 'Défis collectifs'] },
        ],
      },
      testimonials: [
        {
          quote: 'Mon agenda se remplit tout seul. Je me réveille avec des appels découverte réservés au lieu d’une boîte de réception à vider.',
          name: 'Rachel Kim',
          role: 'Coach de dirigeants',
          company: 'Kim Leadership',
        },
        {
          quote: 'Les SMS de suivi hebdomadaire responsabilisent mes clients entre les séances. Le taux de réussite de mon programme de 12 semaines a nettement augmenté.',
          name: 'David Thompson',
          role: 'Coach de vie',
          company: 'Thrive Coaching',
        },
        { quote: 'Je l’ai configuré un dimanche soir et j’ai encaissé mon premier paiement avec le lundi.', name: 'Priya Nair', role: 'Coach carrière', company: 'NextStep Careers' },
      ],
      closingTitle: 'Développez votre activité sans travailler plus',
      closingText: 'Créez ce soir votre page de réservation et votre séquence de bienvenue ; réveillez-vous avec des appels réservés.',
    },
  },
} satisfies Texts<IndustryTexts>;
