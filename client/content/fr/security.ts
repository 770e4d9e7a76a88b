import type { Texts } from '../../i18n';
import type { SecurityTexts } from '../security';

export default {
  eyebrow: 'Sécurité et conformité',
  title: 'Centre de sécurité entreprise',
  lead: 'Accès par rôles, piste d’audit complète et identifiants hachés, pour les équipes qui rendent des comptes à leurs clients et à leurs régulateurs.',
  tabsLabel: 'Rubriques de sécurité',
  tabs: { overview: 'Vue d’ensemble', compliance: 'Conformité', access: 'Contrôle d’accès', audit: 'Journal d’audit' },
  overview: {
    roles: { title: 'Accès par rôles', text: 'Cinq rôles, du Super Admin au Lecteur en lecture seule, vérifiés par le serveur à chaque requête.' },
    audit: { title: 'Journal d’audit', text: 'Connexions, échecs de connexion, changements de membres, de rôles, de clés d’API et de paramètres sont consignés : qui, quand et d’où.' },
    credentials: { title: 'Identifiants protégés', text: 'Les mots de passe sont hachés avec Argon2id ; les jetons de session et de clé d’API ne sont conservés que sous forme d’empreintes.' },
    apiKeys: { title: 'Clés d’API à portée limitée', text: 'Chaque clé porte un seul rôle, se révoque immédiatement et indique sa dernière utilisation.' },
  },
  sso: {
    title: 'Authentification unique (SSO, prévue)',
    description: 'Prévue, pas encore développée : la connexion par le fournisseur d’identité de votre entreprise.',
    providersLabel: 'Fournisseurs d’authentification unique',
    planned: 'Prévu',
    manageRoles: 'Gérer les rôles et les autorisations',
    configure: 'Configurer un fournisseur SSO',
    note: 'La configuration de l’authentification unique n’est pas encore disponible dans cette version.',
  },
  compliance: {
    servers: { title: 'Vos données, vos serveurs', text: 'Switchboard est open source et auto-hébergeable : exécutez-le dans la région et sur l’infrastructure qu’exigent vos règles internes.' },
    gdpr: { title: 'RGPD', text: 'Données cloisonnées par organisation, rôles par membre et piste d’audit facilitent la tenue de votre registre des traitements et vos revues d’accès.' },
    hipaa: {
      title: 'HIPAA',
      text: 'Switchboard n’est fourni avec aucun accord de sous-traitance (BAA) : la conformité HIPAA reste de la responsabilité du cabinet. Auto-hébergé, les données des patients restent sur vos propres serveurs.',
    },
    reviews: { title: 'Revues d’accès', text: 'Visualisez tous les membres et leurs rôles au même endroit, modifiez-les ou retirez-les en un instant, et révoquez sessions et clés d’API.' },
  },
  rolesTitle: 'Rôles et autorisations',
  rolesLabel: 'Rôles',
  roles: {
    super_admin: { label: 'Super Admin', description: 'Accès complet au système, facturation et sécurité comprises' },
    admin: { label: 'Administrateur', description: 'Gestion des utilisateurs et des données' },
    manager: { label: 'Manager', description: 'Gestion de l’équipe et du pipeline' },
    sales_rep: { label: 'Commercial', description: 'Gestion des prospects et des contacts' },
    viewer: { label: 'Lecteur', description: 'Accès en lecture seule' },
  },
  auditTitle: 'Journal d’audit',
  auditText:
    'Chaque connexion et chaque échec de connexion, chaque invitation, changement de rôle et retrait, chaque clé d’API créée ou révoquée et chaque modification de paramètres sont consignés avec le membre ou la clé à l’origine de l’action, l’heure, l’adresse IP et l’appareil. Les Super Admins le consultent et le filtrent dans les Paramètres.',
  auditLink: 'Voir le journal d’audit de votre organisation',
} satisfies Texts<SecurityTexts>;
