import type { Texts } from '../../i18n';
import type { BasicLandingTexts } from '../basic-landing';

export default {
  title: 'الطريقة البسيطة لكسب العملاء والحفاظ عليهم',
  lead: 'يجمع Switchboard جهات اتصالك وصفقاتك ومهامك ومحادثاتك في مكان واحد، فلا تضيع أي متابعة.',
  startTrial: 'ابدأ التجربة المجانية',
  seeFeatures: 'اطّلع على كل المزايا',
  whyTitle: 'لماذا تنتقل الفرق إلينا',
  platformTitle: 'منصة واحدة بدلًا من ثماني أدوات',
  planTitle: 'باقة واحدة للبداية',
  planName: 'Growth',
  perMonth: 'شهريًا',
  includes: [
    'جهات الاتصال ومسار المبيعات والمهام',
    'البريد الإلكتروني والرسائل النصية من داخل النظام',
    'المواعيد وتقويم الفريق',
    'الأتمتة بالرسائل النصية والبريد',
    'التقارير والتصدير بصيغة CSV',
    'دعم مجتمعي على GitHub',
  ],
  planButton: 'ابدأ تجربتك المجانية لمدة 14 يومًا',
  noSetupFee: 'دون رسوم تأسيس.',
  ctaTitle: 'جاهزون متى كنت جاهزًا',
  ctaText: 'أنشئ مساحة عملك في دقيقة واحدة واستورد جهات اتصالك من جدول بيانات.',
  comparePlans: 'قارن بين الباقات',
} satisfies Texts<BasicLandingTexts>;
