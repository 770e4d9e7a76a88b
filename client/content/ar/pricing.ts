import type { Texts } from '../../i18n';
import type { PricingTexts } from '../pricing';
import { TRIAL_DAYS } from '../../../server/billing/schema';

const trialButton = `ابدأ التجربة المجانية لمدة ${TRIAL_DAYS} يومًا`;
const contactSales = 'تواصل مع فريق المبيعات';

export default {
  plans: {
    starter: {
      description: 'لفريق صغير يرتّب أول مسار مبيعات له ومتابعاته.',
      features: ['1,000 جهة اتصال', '3 أعضاء في الفريق', '3 مسارات تحويل', 'موقع إلكتروني واحد', 'حملات البريد الإلكتروني والرسائل النصية', 'مسار المبيعات والمهام والمواعيد'],
      limitations: ['دون علامة بيضاء', 'دون وصول إلى واجهة API'],
      buttonText: trialButton,
    },
    unlimited: {
      description: 'كل شيء وبلا حدود، لشركة في طور النمو.',
      features: ['جهات اتصال بلا حدود', 'أعضاء فريق بلا حدود', 'مسارات تحويل ومواقع بلا حدود', 'علامة بيضاء', 'وصول إلى واجهة API', 'اختبارات A/B وتقييم العملاء المحتملين'],
      limitations: [],
      buttonText: trialButton,
    },
    saas_pro: {
      description: 'للوكالات التي تعيد بيع المنصة لعملائها.',
      features: ['كل ما في باقة Unlimited', 'لوحة تحكم للوكالة', 'فروع ومواقع بلا حدود', 'HIPAA مع اتفاقية BAA موقّعة', 'تسجيل دخول موحّد (SSO)', 'مدير حساب مخصص'],
      limitations: [],
      buttonText: contactSales,
    },
    professional: {
      description: 'لفرق المبيعات والتسويق الراسخة.',
      features: ['25,000 جهة اتصال', '25 عضوًا في الفريق', 'حملات متعددة القنوات', 'منشئ الأتمتة', 'التقارير ولوحات المعلومات', 'دعم عبر البريد الإلكتروني والدردشة'],
      limitations: ['دون ساعات تطوير مخصص'],
      buttonText: 'ابدأ الآن',
    },
    enterprise: {
      description: 'للشركات التي تدير عدة فرق وعلامات تجارية على منصة واحدة.',
      features: ['100,000 جهة اتصال', 'أعضاء فريق بلا حدود', 'تسجيل دخول موحّد (SSO)', 'HIPAA مع اتفاقية BAA موقّعة', 'دعم ذو أولوية', 'مدير حساب مخصص'],
      limitations: [],
      buttonText: 'ابدأ الآن',
    },
    enterprise_plus: {
      description: 'بلا حدود، ومهندسونا يطوّرون ما تحتاج إليه.',
      features: ['جهات اتصال بلا حدود', 'أعضاء فريق بلا حدود', '10 ساعات تطوير مخصص شهريًا', 'كل ما في باقة Enterprise', 'دعم طوارئ على مدار الساعة', 'فوترة سنوية'],
      limitations: [],
      buttonText: contactSales,
    },
  },
  billing: { label: 'فترة الفوترة', monthly: 'شهري', yearly: 'سنوي', yearlyDescription: 'سنوي، وفّر 17%', badge: 'وفّر 17%' },
  perMonth: 'شهريًا',
  perYear: 'سنويًا',
  was: 'بدلًا من',
  unlimited: 'بلا حدود',
  withPlan: (plan: string) => `مع باقة ${plan}`,
  pricing: {
    title: 'الأسعار',
    lead: `باقات للفرق التي تبيع: منصة واحدة لجهات الاتصال ومسار المبيعات والحملات والأتمتة. ابدأ بتجربة مجانية لمدة ${TRIAL_DAYS} يومًا دون بطاقة ائتمان.`,
    plansLabel: 'الباقات',
    mostPopular: 'الأكثر طلبًا',
    youSave: (amount: string) => `توفّر ${amount} سنويًا`,
    compareTitle: 'قارن بين الباقات',
    featureColumn: 'الميزة',
    rows: {
      contacts: 'جهات الاتصال',
      members: 'أعضاء الفريق',
      funnels: 'مسارات التحويل',
      websites: 'المواقع الإلكترونية',
      developmentHours: 'ساعات التطوير المخصص شهريًا',
      monthlyPrice: 'السعر الشهري',
      yearlyPrice: 'السعر السنوي',
    },
    smallerTeam: {
      before: 'فريقك أصغر؟ اطّلع على باقات Starter وUnlimited وSaaS Pro في',
      subscribeLink: 'صفحة الاشتراك',
      between: 'أو قارن',
      comparisonLink: 'أسعارنا بأسعار منافس رائد',
      after: '.',
    },
    faqTitle: 'الأسئلة الشائعة',
    faq: [
      { question: 'هل يمكنني التجربة قبل الدفع؟', answer: `نعم. تبدأ كل مساحة عمل جديدة بتجربة مجانية لباقة Unlimited مدتها ${TRIAL_DAYS} يومًا، دون الحاجة إلى بطاقة ائتمان.` },
      { question: 'هل يمكنني تغيير الباقة لاحقًا؟', answer: 'نعم. الترقية تسري فورًا، أما الانتقال إلى باقة أدنى فيسري مع بداية دورة الفوترة التالية.' },
      { question: 'ماذا يحدث عند انتهاء التجربة؟', answer: 'تصبح مساحة عملك للقراءة فقط حتى تشترك. لا يُحذف أي شيء.' },
      { question: 'كيف أدفع؟', answer: 'بالبطاقة عبر مزوّد الدفع لدينا، ويمكن لعملاء المؤسسات طلب فوترة سنوية.' },
      { question: 'هل يوجد ضمان لاسترداد المبلغ؟', answer: 'نعم، لمدة 30 يومًا، ودون أي رسوم تأسيس.' },
    ],
    ctaTitle: 'جاهزون متى كنت جاهزًا',
    ctaText: 'ابدأ تجربتك المجانية اليوم. رقِّ باقتك أو خفّضها أو ألغِها في أي وقت.',
    ctaButton: 'ابدأ التجربة المجانية',
  },
  comparison: {
    title: 'Switchboard مقابل منافس رائد',
    lead: `المهام نفسها بتكلفة أقل كل شهر، مع تجربة مجانية لمدة ${TRIAL_DAYS} يومًا ودون رسوم تأسيس.`,
    pricesTitle: 'الأسعار جنبًا إلى جنب',
    tiers: { small: 'فريق صغير', growing: 'شركة في طور النمو', agency: 'وكالة' },
    competitor: 'منافس رائد',
    ourPlan: (plan: string) => `Switchboard ${plan}`,
    monthly: (price: string) => `${price} شهريًا`,
    youSaveEachYear: 'توفيرك السنوي',
    calculatorTitle: 'حاسبة التوفير السنوي',
    yourBusiness: 'نشاطك التجاري',
    accounts: 'عدد الحسابات أو الفروع',
    savePrefix: 'توفّر',
    saveSuffix: 'سنويًا',
    matrixTitle: 'ميزة بميزة',
    featureColumn: 'الميزة',
    matrix: [
      {
        category: 'المزايا الأساسية',
        rows: [
          { feature: 'جهات الاتصال والشركات', ours: 'مشمول', competitor: 'مشمول' },
          { feature: 'مسار المبيعات والصفقات', ours: 'مشمول', competitor: 'مشمول' },
          { feature: 'المهام والمواعيد', ours: 'مشمول', competitor: 'مشمول' },
          { feature: 'حملات البريد الإلكتروني والرسائل النصية', ours: 'مشمول', competitor: 'مشمول' },
        ],
      },
      {
        category: 'المزايا المتقدمة',
        rows: [
          { feature: 'منشئ الأتمتة', ours: 'مخطط له، ولم يُبنَ بعد', competitor: 'مسارات عمل بسيطة' },
          { feature: 'تقييم العملاء المحتملين بالذكاء الاصطناعي', ours: 'مخطط له، ولم يُبنَ بعد', competitor: 'إضافة مدفوعة' },
          { feature: 'الاستضافة الذاتية (مفتوح المصدر)', ours: 'نعم', competitor: 'لا' },
          { feature: 'تحديثات فورية للفريق', ours: 'مشمول', competitor: 'محدود' },
        ],
      },
      {
        category: 'الأسعار والحدود',
        rows: [
          { feature: 'التجربة المجانية', ours: '14 يومًا، دون بطاقة', competitor: '14 يومًا، مع اشتراط البطاقة' },
          { feature: 'رسوم التأسيس', ours: 'لا يوجد', competitor: 'لا يوجد' },
          { feature: 'ضمان استرداد المبلغ', ours: '30 يومًا', competitor: 'لا يوجد' },
        ],
      },
      {
        category: 'الدعم والتدريب',
        rows: [
          { feature: 'الدردشة المباشرة', ours: 'على مدار الساعة، رد خلال أقل من دقيقتين', competitor: 'خلال ساعات العمل' },
          { feature: 'الإعداد الأولي', ours: 'نحو 15 دقيقة', competitor: 'ذاتي' },
          { feature: 'الأكاديمية والدروس', ours: 'مشمول', competitor: 'مشمول' },
        ],
      },
    ],
    startTrial: `ابدأ التجربة المجانية لمدة ${TRIAL_DAYS} يومًا`,
    seeEnterprise: 'اطّلع على أسعار المؤسسات',
  },
} satisfies Texts<PricingTexts>;
