import type { Texts } from '../../i18n';
import type { IndustryTexts } from '../industries';
import { CLAIMS, INTEGRATIONS } from '../claims';

export default {
  startTrial: 'Démarrer l’essai gratuit',
  resultsTitle: 'Switchboard aujourd’hui',
  statsLabel: (page: string) => `${page} : chiffres clés`,
  customersTitle: 'Exemples fictifs : des clients inventés, pour montrer comment les équipes utilisent Switchboard',
  trialNote: 'Essai gratuit de 14 jours, sans carte bancaire. Résiliable à tout moment.',
  closingNote: 'Résiliable à tout moment depuis Paramètres → Facturation. Sans frais d’installation.',
  talkTitle: 'Parlons-en',
  talkIntro: 'Des questions avant de vous lancer ? Notre équipe répond par chat, par e-mail et lors d’appels sur rendez-vous.',
  pages: {
    dental: {
      title: 'CRM pour cabinets dentaires',
      badge: 'Auto-hébergé · données des patients sur vos serveurs',
      heroTitle: 'Des fauteuils toujours occupés, des patients qui reviennent',
      heroLead:
        'Les rendez-vous dans un agenda d’équipe, les listes de rappel en vues enregistrées, et les SMS et e-mails des patients dans une même boîte de réception : votre accueil passe ses journées avec les patients plutôt qu’au téléphone. Les rappels qui partent tout seuls sont en cours de construction.',
      demo: 'Réserver une démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS, l’e-mail et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Pensé pour le fonctionnement d’un cabinet dentaire',
      features: {
        booking: {
          title: 'Agenda d’équipe',
          text: 'Chaque rendez-vous dans un seul agenda pour tout le cabinet, avec alerte en cas de chevauchement et un fichier d’agenda pour chaque patient. Les patients peuvent aussi réserver en ligne sur la page publique de l’agenda, et reçoivent une confirmation par e-mail ou SMS avec des liens pour déplacer ou annuler.',
        },
        recall: {
          title: 'Rappels et relances (en cours de construction)',
          text: 'Rappels de contrôle à six mois, rappels et confirmations de rendez-vous par SMS et e-mail : moins d’absences, sans appels supplémentaires.',
        },
        reviews: {
          title: 'Demandes d’avis (en cours de construction)',
          text: 'Après chaque visite, un SMS aimable invite les patients satisfaits à laisser un avis Google tant que l’expérience est fraîche.',
        },
        treatment: {
          title: 'Suivi des plans de traitement (en cours de construction)',
          text: 'Les soins non planifiés déclenchent une série de rappels bienveillants jusqu’à ce que le patient réserve ou vous explique pourquoi.',
        },
        hipaa: {
          title: 'Données des patients sur vos serveurs',
          text: 'Auto-hébergés, les échanges avec les patients restent sur des serveurs que vous maîtrisez, avec journal d’audit. Aucun BAA n’est fourni : la conformité HIPAA reste de la responsabilité de votre cabinet.',
        },
        reports: {
          title: 'Rapports du cabinet',
          text: 'Nouveaux patients par provenance, taux de retour en contrôle, créneaux annulés reprogrammés et chiffre d’affaires réservé, à partir de vos propres données.',
        },
      },
      testimonials: [
        {
          quote:
            'Notre liste de rappels vivait dans un tableur que personne n’avait le temps d’ouvrir. C’est désormais une vue enregistrée, et l’accueil écrit par SMS à chaque patient depuis un seul écran.',
          name: 'Dr Sarah Patel',
          role: 'Fondatrice',
          company: 'Bright Smiles Family Dentistry',
        },
        {
          quote: 'L’accueil a arrêté de courir après les confirmations par téléphone : un SMS, et les réponses reviennent dans la même boîte de réception.',
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
      closingText: 'Importez votre liste de patients, préparez votre agenda d’équipe et envoyez vos premiers SMS de rappel dès aujourd’hui.',
    },
    medspa: {
      title: 'CRM pour centres de médecine esthétique',
      badge: 'Auto-hébergé · données des patients sur vos serveurs',
      heroTitle: 'Plus de consultations réservées, des clients qui reviennent au bon rythme',
      heroLead:
        'De la première demande sur votre site à la prochaine retouche de Botox, Switchboard réunit chaque client, chaque échange et chaque rendez-vous au même endroit : vos praticiens gardent un agenda plein.',
      demo: 'Réserver une démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS, l’e-mail et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Tout ce qui se passe entre la première demande et la dixième visite',
      features: {
        enquiries: {
          title: 'Réponse rapide aux demandes',
          text: 'Les demandes venues d’un formulaire ou du chat du site arrivent aussitôt à toute l’équipe, qui répond par SMS ou par chat depuis le même écran.',
        },
        booking: {
          title: 'Consultations dans l’agenda d’équipe',
          text: 'Consultations et soins dans un seul agenda pour tous les praticiens, avec un fichier d’agenda pour chaque client. Les clients réservent en ligne sur la page publique de chaque agenda, dans leur propre fuseau horaire ; les acomptes sont prévus, pas encore disponibles.',
        },
        intervals: {
          title: 'Rappels selon l’intervalle des soins (en cours de construction)',
          text: 'Injections tous les 3 à 4 mois, séances laser toutes les quelques semaines : chaque client reçoit un message quand la séance suivante approche.',
        },
        memberships: {
          title: 'Abonnements et forfaits',
          text: 'Suivez les abonnements mensuels et les forfaits prépayés dans des champs personnalisés, et voyez les séances qui restent à chaque client.',
        },
        care: { title: 'Soins avant et après (en cours de construction)', text: 'Consignes de préparation avant la visite et prise de nouvelles le lendemain, envoyées automatiquement.' },
        reviews: { title: 'Avis et parrainages', text: 'Demandez un avis à vos clients ravis et récompensez les amis qu’ils vous recommandent.' },
      },
      extras: {
        title: 'Des parcours pour chaque catégorie de soins (en cours de construction)',
        intro: 'Les automatisations sont en cours de construction : chaque catégorie aura des rappels et des relances prêts à l’emploi, à adapter à votre carte de soins.',
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
          quote: 'Les demandes arrivées à 23 h attendaient le lendemain matin. Aujourd’hui, toute l’équipe les voit aussitôt, et la personne de garde répond par SMS.',
          name: 'Jessica Moreau',
          role: 'Fondatrice',
          company: 'Glow Aesthetics Med Spa',
        },
        {
          quote: 'Nos SMS de retouche partent enfin à l’heure : une vue enregistrée et un envoi groupé chaque mois.',
          name: 'Dre Amanda Reyes',
          role: 'Directrice médicale',
          company: 'Renew Skin Clinic',
        },
        {
          quote: 'Les abonnements ont enfin un vrai outil. Les clientes savent ce qu’il leur reste, et nous aussi.',
          name: 'Tina Brooks',
          role: 'Responsable du centre',
          company: 'Serenity Medical Spa',
        },
      ],
      closingTitle: 'Gardez vos cabines de soins bien remplies',
      closingText: 'Commencez par votre liste de clients et votre carte de soins ; envoyez vos premiers SMS de retouche dès aujourd’hui.',
    },
    agency: {
      title: 'CRM pour agences marketing',
      badge: 'Espaces clients · marque blanche prévue',
      heroTitle: 'Gérez tous vos clients depuis un seul endroit',
      heroLead:
        'Un espace par client, les mêmes étapes de pipeline et les mêmes modèles de SMS dans chacun, et des rapports tirés des données de chaque client. Opérationnel en 2 heures, pas en 2 mois.',
      demo: 'Voir la démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS, l’e-mail et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Les outils qu’une agence revend',
      features: {
        workspaces: { title: 'Espaces clients', text: 'Chaque client dispose de ses contacts, de son pipeline et de ses rapports ; votre équipe passe de l’un à l’autre en un clic.' },
        whiteLabel: { title: 'Tout en marque blanche (prévu)', text: 'Votre logo, vos couleurs et votre domaine sur le portail client et sur chaque rapport envoyé.' },
        automations: {
          title: 'Automatisations réutilisables (en cours de construction)',
          text: 'Créez une séquence de maturation des prospects une fois, puis copiez-la dans chaque nouveau compte client.',
        },
        reports: { title: 'Rapports clients', text: 'Prospects, conversions et chiffre d’affaires par source pour chaque client, exportés en CSV quand vous en avez besoin.' },
        scoring: { title: 'Scoring des prospects (prévu)', text: 'L’IA note chaque prospect pour que les équipes commerciales de vos clients appellent d’abord les bonnes personnes.' },
        rebilling: { title: 'Refacturation (prévu)', text: 'Facturez à vos clients leurs utilisateurs et leurs messages, avec votre propre marge.' },
      },
      extras: {
        title: 'Conçu pour tous les types d’agences',
        intro: 'Quoi que vous vendiez, Switchboard est le système qui le fait tourner.',
        items: [
          {
            title: 'Digitale',
            text: 'Référencement payant, réseaux sociaux et SEO.',
            points: ['Attribution des prospects par source', 'Formulaires et chat du site', 'Réponse immédiate aux prospects issus des publicités'],
          },
          { title: 'Créative', text: 'Studios de marque, de contenu et de design.', points: ['Pipelines de projets', 'Validations client par e-mail', 'Renouvellement des contrats de prestation'] },
          { title: 'Relations presse', text: 'Communication et relations médias.', points: ['Listes de contacts médias', 'Pitchs suivis dans le pipeline', 'Suivi des retombées'] },
          {
            title: 'Growth',
            text: 'Croissance et opérations de revenus.',
            points: ['SMS, e-mail et chat dans une même boîte de réception', 'Conversion par étape', 'Rapports par source de prospects'],
          },
        ],
      },
      testimonials: [
        {
          quote: 'Nous intégrons désormais un nouveau client en un après-midi : on prépare le pipeline, on importe sa liste, c’est fait.',
          name: 'Marcus Chen',
          role: 'Directeur général',
          company: 'Northlight Digital',
        },
        {
          quote: 'Des rapports clairs tirés des données de chaque client nous ont fait paraître bien plus grands. Deux clients ont augmenté leur contrat après les avoir vus.',
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
      closingText: 'Créez votre premier espace client en 2 heures et importez ses contacts le jour même.',
    },
    coaching: {
      title: 'CRM pour coachs',
      badge: 'Dossiers clients sécurisés · prêt pour le RGPD',
      heroTitle: 'Passez votre temps à coacher, pas à relancer',
      heroLead:
        'Des appels découverte dans votre agenda, chaque demande de votre site dans une même boîte de réception, et des programmes qui gardent vos clients sur la bonne voie. La plupart des coachs sont opérationnels en moins d’une heure.',
      demo: 'Réserver une démo',
      stats: [
        { value: String(CLAIMS.integrations), label: `intégrations incluses : ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'canaux inclus : le SMS, l’e-mail et le chat du site' },
        { value: String(CLAIMS.languages), label: 'langues du site : anglais, français et arabe' },
        { value: String(CLAIMS.databases), label: 'bases de données pour l’auto-hébergement : Postgres ou PGlite embarqué' },
      ],
      featuresTitle: 'Une activité qui tourne toute seule entre deux séances',
      features: {
        discovery: {
          title: 'Appels découverte',
          text: 'Les demandes venues du formulaire ou du chat de votre site deviennent aussitôt des contacts. Vos clients peuvent aussi réserver eux-mêmes un appel sur la page publique de votre agenda, avec une marge entre deux appels et le délai minimal que vous fixez.',
        },
        nurture: {
          title: 'Séquences de maturation (en cours de construction)',
          text: 'Les nouveaux abonnés reçoivent une série de bienvenue qui partage vos meilleures idées et les invite à échanger.',
        },
        programmes: { title: 'Programmes et forfaits', text: 'Vendez des programmes de 6 et 12 semaines, suivez les séances consommées et les renouvellements à venir.' },
        notes: { title: 'Notes de séance et exercices', text: 'Notes, objectifs et exercices vivent sur la fiche de chaque client, avec une tâche avant la séance suivante.' },
        payments: { title: 'Paiements et factures (prévu)', text: 'Paiements par carte, échéanciers et factures, avec des relances automatiques en cas de retard.' },
        testimonials: { title: 'Demandes de témoignages (en cours de construction)', text: 'Demandez un témoignage quand un client franchit une étape, et publiez les meilleurs.' },
      },
      extras: {
        title: 'Quel que soit votre domaine',
        intro: 'Partez de modèles écrits pour votre spécialité.',
        items: [
          { title: 'Business', text: 'Fondateurs, dirigeants et équipes.', points: ['Appels stratégiques dans le pipeline', 'Rappels de bilan trimestriel', 'Gestion de groupes de mastermind'] },
          {
            title: 'Vie personnelle',
            text: 'Développement personnel et transitions de vie.',
            points: ['Formulaire d’inscription avec guide gratuit', 'SMS de suivi hebdomadaire', 'Célébration des étapes franchies'],
          },
          { title: 'Carrière', text: 'Recherche d’emploi et reconversion.', points: ['Relectures de CV dans l’agenda', 'Tâches de préparation aux entretiens', 'Suivi des offres d’emploi'] },
          { title: 'Bien-être', text: 'Santé, forme et nutrition.', points: ['Rappels de suivi des habitudes', 'Renouvellement des programmes', 'Défis collectifs'] },
        ],
      },
      testimonials: [
        {
          quote: 'Chaque demande arrive désormais dans une seule boîte de réception, et je place les appels découverte dans mon agenda en une minute.',
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
        { quote: 'Je l’ai configuré un dimanche soir et j’ai répondu à ma première demande avec le lundi.', name: 'Priya Nair', role: 'Coach carrière', company: 'NextStep Careers' },
      ],
      closingTitle: 'Développez votre activité sans travailler plus',
      closingText: 'Créez ce soir votre formulaire de contact et vos premiers modèles ; répondez à chaque prospect dès demain.',
    },
  },
} satisfies Texts<IndustryTexts>;
