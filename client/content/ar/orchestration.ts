import type { Texts } from '../../i18n';
import type { OrchestrationTexts } from '../orchestration';
import { CLAIMS, INTEGRATIONS } from '../claims';

export default {
  eyebrow: 'تنسيق متعدد القنوات · مخطط له',
  title: 'رحلة واحدة عبر كل القنوات',
  lead: 'معاينة لميزة مخطط لها ولم تُبنَ بعد. ابدأ برسالة بريد إلكتروني، ثم أتبِعها برسالة نصية، وسلّم المهمة لمكالمة، واحجز الاجتماع: ينسّق Switchboard القنوات ليتلقى كل عميل رسالتك مرة واحدة وفي المكان المناسب.',
  startTrial: 'ابدأ التجربة المجانية',
  seeBuilder: 'اطّلع على منشئ الأتمتة',
  sectionsLabel: 'أقسام التنسيق',
  tabs: { overview: 'نظرة عامة', campaigns: 'الحملات', languages: 'اللغات', analytics: 'التحليلات' },
  channelsHeading: 'القنوات',
  channels: {
    email: { title: 'البريد الإلكتروني', text: 'رسائل شخصية في توقيتها المناسب من نطاقك الخاص، مع تتبع الفتح والردود.' },
    sms: { title: 'الرسائل النصية', text: 'رسائل نصية في الاتجاهين من أرقام محلية، للتذكيرات والردود السريعة.' },
    voice: { title: 'الصوت', text: 'مكالمات ورسائل صوتية مسجّلة في سجل جهة الاتصال مع نتيجتها.' },
    social: { title: 'التواصل الاجتماعي', text: 'إعلانات جمع العملاء والرسائل من منصات التواصل، يُرد عليها في صندوق الوارد نفسه.' },
    web: { title: 'الويب', text: 'نماذج وصفحات هبوط ودردشة تُنشئ جهات الاتصال وتحدّثها.' },
    calendar: { title: 'التقويم', text: 'روابط حجز وتذكيرات مرتبطة بالرحلة التي أدت إلى الاجتماع.' },
  },
  campaignsTitle: 'حملات نموذجية',
  campaignsNote: 'معاينة لعناصر التحكم في الحملات، والمفاتيح هنا لا تغيّر إلا هذه الصفحة.',
  allCampaigns: (live: boolean) => `كل الحملات: ${live ? 'نشطة' : 'متوقفة مؤقتًا'}`,
  running: 'قيد التشغيل',
  stopped: 'متوقفة',
  campaigns: {
    welcome: { name: 'الترحيب بالعملاء المحتملين الجدد', channels: 'البريد ← الرسائل النصية ← مهمة اتصال', audience: 'العملاء المحتملون من الموقع' },
    'no-show': { name: 'استعادة المتغيبين', channels: 'الرسائل النصية ← البريد ← التقويم', audience: 'المواعيد الفائتة' },
    renewal: { name: 'تذكير بالتجديد', channels: 'البريد ← الصوت', audience: 'العقود التي تنتهي خلال 30 يومًا' },
  },
  languagesTitle: 'لغات الرسائل (مخطط لها)',
  languagesNote: 'تصل الرسائل إلى كل جهة اتصال بلغتها، وتحتفظ القوالب بنسخة لكل لغة.',
  status: { primary: 'أساسية', available: 'متاحة', beta: 'تجريبية' },
  languages: { en: 'الإنجليزية', es: 'الإسبانية', fr: 'الفرنسية', de: 'الألمانية', pt: 'البرتغالية', it: 'الإيطالية', nl: 'الهولندية', ja: 'اليابانية', zh: 'الصينية (المبسّطة)', ar: 'العربية' },
  analyticsTitle: 'النتائج حسب القناة',
  analyticsLabel: 'التنسيق بالأرقام',
  stats: [
    { value: String(CLAIMS.channels), label: 'قنوات مدمجة: الرسائل النصية ودردشة الموقع' },
    { value: String(CLAIMS.languages), label: 'لغات الموقع: الإنجليزية والفرنسية والعربية' },
    { value: String(CLAIMS.integrations), label: `تكاملات مدمجة: ${INTEGRATIONS.join('، ')}` },
    { value: String(CLAIMS.databases), label: 'قاعدتا بيانات للاستضافة الذاتية: Postgres أو PGlite المدمجة' },
  ],
  analyticsNote: 'في حسابك، تعرض شاشة التقارير الإرسال والردود والحجوزات والإيرادات لكل قناة ولكل رحلة، من بياناتك أنت.',
  ctaTitle: 'التقِ بعملائك حيث يوجدون',
  ctaText: 'ابنِ أول رحلة متعددة القنوات انطلاقًا من قالب خلال تجربتك المجانية.',
  bookDemo: 'احجز عرضًا توضيحيًا',
} satisfies Texts<OrchestrationTexts>;
