import type { Texts } from '../../i18n';
import type { StatusTexts } from '../status';

export default {
  title: 'حالة الخدمة',
  lead: (seconds: number) => `تستعلم هذه الصفحة عن حالة الخدمة كل ${seconds} ثانية ما دامت مفتوحة.`,
  checking: 'جارٍ التحقق…',
  operational: 'جميع الأنظمة تعمل بشكل طبيعي',
  disruption: 'انقطاع في الخدمة',
  application: 'التطبيق',
  up: 'يعمل',
  degraded: 'أداء متراجع',
  unreachable: 'يتعذّر الوصول إليه',
  database: 'قاعدة البيانات',
  databaseState: (name: string, reachable: boolean) => `${name} — ${reachable ? 'متاحة' : 'يتعذّر الوصول إليها'}`,
  embedded: 'PGlite المدمجة',
  unknown: 'غير معروف',
  version: 'الإصدار',
  lastChecked: 'آخر تحقق',
  reason: 'السبب',
  noAnswer: 'لم تستجب الخدمة.',
} satisfies Texts<StatusTexts>;
