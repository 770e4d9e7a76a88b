import { createFileRoute, Link } from '@tanstack/react-router';
import { BrainCircuitIcon, CheckIcon, type LucideIcon, NetworkIcon, ShieldCheckIcon, WorkflowIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BillingToggle, type Billing } from '../../components/billing-toggle';
import { PublicLayout } from '../../components/public-layout';
import { plainButtonClasses } from '../../components/ui/button-classes';
import { trackEvent } from '../../lib/analytics';
import { inputClasses } from './-landing/trial-form';
import { ARABIC_PLANS } from '../../content/price-lists';
import { CLAIMS, INTEGRATIONS } from '../../content/claims';
import { TRIAL_DAYS } from '../../../server/plans/schema';

export const Route = createFileRoute('/(site)/ar')({
  staticData: {
    title: 'Switchboard بالعربية',
    description: `منصة Switchboard لإدارة علاقات العملاء بالعربية: أمان مؤسسي، ${CLAIMS.channels} قنوات مدمجة وموقع بـ${CLAIMS.languages} لغات، ودعم باللغة العربية.`,
  },
  component: ArabicLandingPage,
});

/** Spec §9: the Arabic page's claims, figures of client/content/claims.ts. */
const STATS = [
  { figure: String(CLAIMS.integrations), label: `تكاملات مدمجة: ${INTEGRATIONS.join('، ')}` },
  { figure: String(CLAIMS.channels), label: 'قنوات مدمجة: الرسائل النصية والبريد الإلكتروني ودردشة الموقع' },
  { figure: String(CLAIMS.languages), label: 'لغات للموقع: العربية والإنجليزية والفرنسية' },
  { figure: String(CLAIMS.databases), label: 'قاعدتا بيانات للاستضافة الذاتية: Postgres أو PGlite المدمجة' },
];

const STORIES = [
  {
    company: 'دار الإعمار للتطوير العقاري',
    industry: 'التطوير العقاري',
    result: 'كل استفسار يصل إلى المستشار المناسب',
    quote: 'أصبح كل استفسار عن وحدة سكنية يصل إلى المستشار المناسب خلال دقائق، وزادت حجوزات المعاينة.',
    name: 'م. خالد العتيبي',
    role: 'الرئيس التنفيذي للمبيعات',
  },
  {
    company: 'مصرف الأفق',
    industry: 'الخدمات المصرفية',
    result: 'رحلة عميل واحدة عبر الفروع والقنوات الرقمية',
    quote: 'ربطنا الفروع والقنوات الرقمية في رحلة عميل واحدة، مع سجل تدقيق كامل يرضي جهات الرقابة.',
    name: 'أ. منى حسن',
    role: 'مديرة التحول الرقمي',
  },
];

const CAPABILITIES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: BrainCircuitIcon, title: 'ذكاء الإيرادات بالذكاء الاصطناعي (مخطط له)', text: 'مخطط له، ولم يُبنَ بعد: توقع نتائج الصفقات وتوصيات يومية لكل مندوب مبيعات.' },
  { icon: ShieldCheckIcon, title: 'أمان وامتثال مؤسسي', text: 'صلاحيات حسب الأدوار، سجل تدقيق كامل، واستضافة بياناتك في المنطقة التي تختارها.' },
  { icon: NetworkIcon, title: 'تنسيق متعدد القنوات', text: `الرسائل النصية والبريد الإلكتروني ودردشة الموقع في رحلة واحدة (${CLAIMS.channels} قنوات مدمجة)، وموقع بـ${CLAIMS.languages} لغات.` },
  { icon: WorkflowIcon, title: 'محرك الأتمتة', text: 'أتمتة تتابع العملاء بالرسائل النصية والبريد وتوزع المهام وترسل التنبيهات، إلى جانب المهام والمواعيد والتحديثات الفورية للفريق.' },
];

/** The Arabic copy of each plan of the catalogue's list (prices and currencies: ARABIC_PLANS, spec §9). */
const PLAN_COPY: Record<string, { name: string; markets: string; features: string[] }> = {
  Professional: { name: 'الاحترافية', markets: 'مصر والأردن والمغرب', features: ['25,000 جهة اتصال', 'الأتمتة بالرسائل النصية والبريد', 'دعم مجتمعي على GitHub'] },
  Enterprise: { name: 'المؤسسات', markets: 'السعودية والإمارات وقطر', features: ['100,000 جهة اتصال', 'أدوار وسجل تدقيق', 'استضافة ذاتية على خوادمك'] },
};
const CURRENCY_NAMES: Record<string, string> = { EGP: 'جنيه مصري', SAR: 'ريال سعودي' };

/** Yearly prices are per month, billed yearly (20% off). */
const PLANS = ARABIC_PLANS.plans.map((plan) => ({ ...PLAN_COPY[plan.name]!, monthly: plan.monthly!, yearly: plan.yearly!, currency: CURRENCY_NAMES[plan.currency]! }));

const PROMISES = [
  'برنامج مفتوح المصدر يمكنك استضافته بنفسك',
  `تجربة مجانية لمدة ${TRIAL_DAYS} يومًا دون بطاقة ائتمان`,
  'إلغاء في أي وقت من الإعدادات ← الفوترة',
  'متوافق مع رؤية 2030',
  'دعم مجتمعي على GitHub',
];

const number = new Intl.NumberFormat('ar-EG');

function ArabicLandingPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  const [email, setEmail] = useState('');
  const [booked, setBooked] = useState(false);

  const bookDemo = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    trackEvent('demo_requested', { source: 'arabic_landing', value: 500, currency: 'USD' });
    setBooked(true);
  };

  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 pt-16 pb-12 sm:px-6 lg:px-8">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">عرض خاص: 3 أشهر مجانية عند التسجيل المسبق</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">منصة إدارة العملاء التي تنمو بها الشركات العربية</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-700 dark:text-gray-200">
          اجمع العملاء المحتملين والصفقات والمهام والمواعيد في منصة واحدة تتحدث لغتك، مع موقع بـ{CLAIMS.languages} لغات ورسائل نصية ودردشة مدمجة.
        </p>
        <nav aria-label="روابط الصفحة" className="mt-8 flex flex-wrap gap-3">
          <a href="/signup" className={plainButtonClasses('default', 'lg')}>
            ابدأ التجربة المجانية
          </a>
          <Link to="/features" className={plainButtonClasses('outline', 'lg')}>
            المزايا
          </Link>
          <Link to="/arabic-tutorial" className={plainButtonClasses('outline', 'lg')}>
            الدرس التعليمي
          </Link>
        </nav>
        <dl className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse gap-1 rounded-xl border border-gray-200 p-5 dark:border-gray-800">
              <dt className="text-sm text-gray-600 dark:text-gray-300">{s.label}</dt>
              <dd className="text-3xl font-bold text-indigo-700 dark:text-indigo-300" dir="ltr">
                {s.figure}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="ar-stories" className="bg-gray-50 py-16 dark:bg-gray-900/40">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="ar-stories" className="text-3xl font-bold text-gray-900 dark:text-white">
            أمثلة توضيحية
          </h2>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">هذه الشركات والأشخاص من نسج الخيال، لتوضيح طريقة استخدام الفرق لـ Switchboard.</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {STORIES.map((s) => (
              <li key={s.company} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-gray-900">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{s.company}</h3>
                </div>
                <dl className="mt-3 text-sm">
                  <dt className="text-gray-600 dark:text-gray-300">القطاع</dt>
                  <dd className="font-medium text-gray-900 dark:text-white">{s.industry}</dd>
                </dl>
                <p className="mt-4 font-semibold text-indigo-700 dark:text-indigo-300">{s.result}</p>
                <blockquote className="mt-3 text-gray-800 dark:text-gray-200">«{s.quote}»</blockquote>
                <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">
                  {s.name} — {s.role}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="ar-capabilities" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="ar-capabilities" className="text-3xl font-bold text-gray-900 dark:text-white">
          قدرات مؤسسية
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {CAPABILITIES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 p-5 dark:border-gray-800">
              <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
              <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ar-pricing" className="bg-gray-50 py-16 dark:bg-gray-900/40">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start gap-4">
            <h2 id="ar-pricing" className="text-3xl font-bold text-gray-900 dark:text-white">
              الأسعار
            </h2>
            <BillingToggle value={billing} onChange={setBilling} badge="وفّر 20%" labels={{ group: 'دورة الفوترة', monthly: 'شهري', yearly: 'سنوي' }} />
          </div>
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {PLANS.map((plan) => (
              <li key={plan.name} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
                <h3 className="text-xl font-semibold text-gray-900 dark:text-white">{plan.name}</h3>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{plan.markets}</p>
                <p className="mt-5 text-gray-900 dark:text-white">
                  <span className="text-4xl font-bold">{number.format(billing === 'monthly' ? plan.monthly : plan.yearly)}</span>{' '}
                  <span className="text-sm text-gray-600 dark:text-gray-300">
                    {plan.currency} / شهريًا{billing === 'yearly' ? '، تُدفع سنويًا' : ''}
                  </span>
                </p>
                <ul className="mt-5 flex flex-col gap-2 text-sm text-gray-700 dark:text-gray-200">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li className="flex flex-col rounded-2xl border-2 border-indigo-600 bg-white p-6 dark:bg-gray-900">
              <h3 className="text-xl font-semibold text-gray-900 dark:text-white">الباقة الحكومية</h3>
              <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">للجهات والهيئات الحكومية</p>
              <p className="mt-5 text-3xl font-bold text-indigo-700 dark:text-indigo-300">خصم 50%</p>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">على أي باقة، مع 3 أشهر تجريبية مجانية.</p>
            </li>
          </ul>
          <ul className="mt-8 grid gap-2 text-sm text-gray-700 sm:grid-cols-2 dark:text-gray-200">
            {PROMISES.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                {p}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="ar-demo" className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="ar-demo" className="text-3xl font-bold text-gray-900 dark:text-white">
          احجز عرضًا توضيحيًا لفريقك
        </h2>
        <p className="mt-2 text-gray-600 dark:text-gray-300">يتواصل معك فريق المؤسسات خلال 24 ساعة.</p>
        {booked ? (
          <p role="status" className="mt-6 rounded-xl border border-green-200 bg-green-50 p-4 font-medium text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-200">
            تم استلام طلبك. سيتواصل معك فريقنا خلال 24 ساعة.
          </p>
        ) : (
          <form onSubmit={bookDemo} noValidate className="mt-6 flex flex-col gap-2 sm:flex-row">
            <label htmlFor="ar-demo-email" className="sr-only">
              البريد الإلكتروني للعمل
            </label>
            <input
              id="ar-demo-email"
              type="email"
              required
              dir="ltr"
              autoComplete="email"
              placeholder="name@company.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={inputClasses}
            />
            <button type="submit" className={plainButtonClasses('default', 'lg', 'shrink-0')}>
              احجز العرض
            </button>
          </form>
        )}
      </section>
    </PublicLayout>
  );
}
