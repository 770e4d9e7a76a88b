import type { Texts } from '../../i18n';
import type { BasicLandingTexts } from '../basic-landing';

export default {
  title: 'الطريقة البسيطة لكسب العملاء والحفاظ عليهم',
  lead: 'يجمع Switchboard جهات اتصالك وصفقاتك وحملاتك ومتابعاتك في مكان واحد، ويتولى عنك الأعمال المتكررة.',
  startTrial: 'ابدأ التجربة المجانية',
  seeFeatures: 'اطّلع على كل المزايا',
  whyTitle: 'لماذا تنتقل الفرق إلينا',
  platformTitle: 'منصة واحدة بدلًا من ثماني أدوات',
  planTitle: 'باقة واحدة للبداية',
  planName: 'Growth',
  perMonth: 'شهريًا',
  includes: [
    'جهات الاتصال ومسار المبيعات والمهام',
    'حملات البريد الإلكتروني والرسائل النصية',
    'منشئ الأتمتة المرئي',
    'الحجز الإلكتروني',
    'التقارير والتصدير بصيغة CSV',
    'دعم بالدردشة المباشرة على مدار الساعة',
  ],
  planButton: 'ابدأ تجربتك المجانية لمدة 14 يومًا',
  noSetupFee: 'دون رسوم تأسيس.',
  ctaTitle: 'جاهزون متى كنت جاهزًا',
  ctaText: 'أنشئ مساحة عملك في دقيقة واحدة واستورد جهات اتصالك من جدول بيانات.',
  comparePlans: 'قارن بين الباقات',
} satisfies Texts<BasicLandingTexts>;
