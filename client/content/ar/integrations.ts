import type { Texts } from '../../i18n';
import type { IntegrationsTexts } from '../integrations';

export default {
  eyebrow: 'التكاملات',
  title: (count: string) => `${count} تكامل، وسجل عميل واحد`,
  lead: 'يتصل Switchboard بالتقويمات ومزوّدي الدفع وصناديق البريد والمتاجر ومنصات الإعلانات التي تستخدمها بالفعل، لتصل كل معاملة إلى جهة الاتصال الصحيحة.',
  startTrial: 'ابدأ التجربة المجانية',
  apiReference: 'مرجع واجهة API',
  categoriesTitle: 'أشهر التكاملات حسب الفئة',
  categories: {
    calendars: { title: 'التقويمات والاجتماعات', text: 'تصل الحجوزات إلى التقويم الذي يستخدمه فريقك أصلًا.', points: ['تقويم Google', 'Microsoft Outlook', 'Zoom', 'Google Meet'] },
    payments: { title: 'المدفوعات', text: 'استقبل مدفوعات البطاقات والعرابين والاشتراكات، واطّلع على الإيرادات في سجل كل جهة اتصال.', points: ['Stripe', 'PayPal', 'Square', 'التحويلات المصرفية والفواتير'] },
    email: { title: 'البريد الإلكتروني', text: 'أرسل من نطاقك الخاص واحتفظ بالردود في الخط الزمني لجهة الاتصال.', points: ['Gmail', 'Microsoft 365', 'Mailgun', 'Amazon SES'] },
    sms: { title: 'الرسائل النصية والصوت', text: 'رسائل نصية ومكالمات في الاتجاهين من أرقام محلية في بلدك.', points: ['Twilio', 'أرقام محلية ومجانية', 'تسجيل المكالمات', 'ترك رسائل صوتية'] },
    commerce: { title: 'التجارة الإلكترونية', text: 'أتمتة السلال المتروكة وما بعد الشراء انطلاقًا من أحداث متجرك.', points: ['Shopify', 'WooCommerce', 'BigCommerce', 'إشعارات Webhook للطلبات'] },
    ads: { title: 'الإعلانات والتواصل الاجتماعي', text: 'يصل العملاء المحتملون من إعلاناتك جهاتِ اتصال موسومة باسم الحملة.', points: ['Facebook Lead Ads', 'Google Ads', 'LinkedIn Lead Gen', 'Instagram'] },
    automation: { title: 'منصات الأتمتة', text: 'صِل إلى آلاف التطبيقات الأخرى عبر موصلات لا تتطلب برمجة.', points: ['Zapier', 'Make', 'n8n', 'Pabbly Connect'] },
    api: { title: 'أنظمتك الخاصة', text: 'واجهة REST API موثقة، مع مفاتيح API لكل دور ومرجع OpenAPI وإشعارات Webhook.', points: ['واجهة REST API على ‎/api/v1', 'مرجع OpenAPI 3.1', 'إشعارات Webhook صادرة', 'الاستيراد والتصدير بصيغة CSV'] },
  },
  missingTitle: 'هل ينقصك شيء؟',
  missingText:
    'كل نظام لديه واجهة API يمكنه التواصل مع Switchboard: أنشئ مفتاح API بالدور الذي يحتاجه، واستدعِ نقاط الوصول نفسها التي تستخدمها شاشاتنا. ويساعدك فريق الدعم على الربط، ونضيف التكاملات الأصلية الأكثر طلبًا من عملائنا.',
  ctaTitle: 'أحضر أدواتك معك',
  ctaText: 'اربط تقويمك ومزوّد الدفع لديك في دقائق خلال تجربتك المجانية.',
  talkToUs: 'تحدّث إلينا',
} satisfies Texts<IntegrationsTexts>;
