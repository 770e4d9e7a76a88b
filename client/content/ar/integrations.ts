import type { Texts } from '../../i18n';
import type { IntegrationsTexts } from '../integrations';
import { CLAIMS } from '../claims';
import { type ArabicForms, plural } from './plural';

const INTEGRATIONS: ArabicForms = { zero: '# تكامل', one: 'تكامل واحد', two: 'تكاملان', few: '# تكاملات', many: '# تكاملًا', other: '# تكامل' };

export default {
  eyebrow: 'التكاملات',
  title: `${plural(CLAIMS.integrations, INTEGRATIONS)} مدمجة، وسجل عميل واحد`,
  lead: 'Stripe للفوترة، وTwilio للرسائل النصية، وKit لنماذج العملاء المحتملين، وGoogle Analytics لموقعك، وواجهة REST API لكل ما عدا ذلك: هذا ما يتصل به Switchboard اليوم، وكل معاملة في سجل جهة الاتصال الصحيحة.',
  startTrial: 'ابدأ التجربة المجانية',
  apiReference: 'مرجع واجهة API',
  categoriesTitle: 'التكاملات المدمجة',
  categories: {
    payments: { title: 'الفوترة', text: 'يُفوتر اشتراكك في Switchboard عبر Stripe، مع بوابة العملاء الخاصة به للبطاقات والفواتير.', points: ['Stripe Checkout', 'بوابة عملاء Stripe'] },
    sms: {
      title: 'الرسائل النصية',
      text: 'رسائل نصية في الاتجاهين من رقمك في Twilio، مع حالة التسليم وإلغاء الاشتراك؛ وبيئة تجريبية إلى أن تضيف بيانات الاعتماد.',
      points: ['Twilio', 'حالة التسليم', 'إلغاء الاشتراك بكلمة STOP'],
    },
    email: {
      title: 'البريد الإلكتروني',
      text: 'رسائل بريد إلكتروني فردية وردودها عبر خادم SMTP الخاص بك، موقّعة بـ DKIM، مع إلغاء الاشتراك بنقرة واحدة وقائمة حظر؛ وبيئة تجريبية إلى أن تضبط SMTP_URL.',
      points: ['أي خادم SMTP', 'توقيع DKIM', 'إلغاء الاشتراك بنقرة واحدة'],
    },
    forms: { title: 'نماذج العملاء المحتملين', text: 'يصبح العملاء المحتملون من نماذج موقعك جهات اتصال، ويمكن تحويلهم إلى حسابك في Kit.', points: ['Kit (ConvertKit)', 'نماذج الموقع'] },
    analytics: { title: 'التحليلات', text: 'يمكن للموقع العام إرسال مشاهدات الصفحات والتسجيلات إلى خاصية Google Analytics لديك.', points: ['Google Analytics'] },
    api: {
      title: 'أنظمتك الخاصة',
      text: 'واجهة REST API موثقة، مع مفاتيح API لكل دور ومرجع OpenAPI، وخطافات webhook صادرة (الإعدادات ← Webhooks) موقّعة وفق معيار Standard Webhooks، يُعاد إرسالها طوال 24 ساعة، مع سجل للتسليم.',
      points: ['واجهة REST API على ‎/api/v1', 'مرجع OpenAPI 3.1', 'خطافات webhook صادرة', 'استيراد جهات الاتصال بصيغة CSV'],
    },
    planned: {
      title: 'مخطط له',
      text: 'مزامنة التقويمات وسوق التكاملات للموصلات التي لا تتطلب برمجة مخطط لها، ولم تُبنَ بعد.',
      points: ['مزامنة التقويمات', 'موصلات دون برمجة'],
    },
  },
  missingTitle: 'هل ينقصك شيء؟',
  missingText:
    'كل ما يستطيع استدعاء واجهة REST API يمكنه التواصل مع Switchboard: أنشئ مفتاح API بالدور الذي يحتاجه، واستدعِ نقاط الوصول الموثقة تحت ‎/api/v1. وSwitchboard مفتوح المصدر، فيمكنك أيضًا إضافة تكامل بنفسك.',
  ctaTitle: 'أحضر أدواتك معك',
  ctaText: 'أضف رقمك في Twilio وحسابك في Kit خلال تجربتك المجانية.',
  talkToUs: 'تحدّث إلينا',
} satisfies Texts<IntegrationsTexts>;
