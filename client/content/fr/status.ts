import type { Texts } from '../../i18n';
import type { StatusTexts } from '../status';

export default {
  title: 'État du service',
  lead: (seconds: number) => `Tant qu’elle est ouverte, cette page interroge le service sur son état toutes les ${seconds} secondes.`,
  checking: 'Vérification…',
  operational: 'Tous les systèmes sont opérationnels',
  disruption: 'Perturbation du service',
  application: 'Application',
  up: 'En ligne',
  degraded: 'Dégradée',
  unreachable: 'Injoignable',
  database: 'Base de données',
  databaseState: (name: string, reachable: boolean) => `${name} — ${reachable ? 'accessible' : 'inaccessible'}`,
  embedded: 'PGlite intégrée',
  unknown: 'Inconnue',
  version: 'Version',
  lastChecked: 'Dernière vérification',
  reason: 'Motif',
  noAnswer: 'Le service n’a pas répondu.',
} satisfies Texts<StatusTexts>;
