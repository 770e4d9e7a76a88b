import type { Texts } from '../../i18n';
import type { TrainingTexts } from '../training';
import { MINUTES, plural } from './plural';

const LESSONS = { zero: '# درس', one: 'درس واحد', two: 'درسان', few: '# دروس', many: '# درسًا', other: '# درس' };

export default {
  eyebrow: 'الأكاديمية',
  title: 'الدورة التدريبية لـ Switchboard',
  lead: 'من أول استيراد إلى صندوق الوارد والتقارير والامتثال: ثماني وحدات، في كل منها دروس قصيرة وتمارين تطبيقية على حسابك أنت.',
  statsLabel: 'الدورة بالأرقام',
  stats: { students: 'متعلّمًا', completion: 'نسبة الإتمام', rating: 'متوسط التقييم من 5', hours: (hours: string) => `${hours} ساعة`, content: 'من المحتوى' },
  modulesLabel: 'وحدات الدورة',
  moduleMeta: (lessons: number, hours: string) => `${plural(lessons, LESSONS)} · ${hours} س`,
  locked: 'مقفلة',
  moduleHeading: (number: number, title: string) => `الوحدة ${number}: ${title}`,
  loading: 'جارٍ تحميل تقدّمك…',
  progress: (done: number, total: number, signedIn: boolean) => `أُنجز ${done} من ${total} دروس · ${signedIn ? 'محفوظ في حسابك' : 'محفوظ في هذا المتصفح (سجّل الدخول للاحتفاظ به على كل أجهزتك)'}`,
  lessons: 'الدروس',
  minutes: (minutes: number) => plural(minutes, MINUTES),
  exercises: 'تمارين تطبيقية',
  previous: 'الوحدة السابقة',
  next: 'الوحدة التالية',
  learners: 'متاح لكل أعضاء فريقك',
  certificate: 'شهادة في الأكاديمية عند إتمام الدورة',
  modules: {
    m1: {
      title: 'الأساسيات',
      description: 'جهّز مساحة عملك، واستورد جهات اتصالك، وتعرّف إلى أرجاء المنصة.',
      lessons: {
        'm1-welcome': { title: 'الترحيب ونظرة عامة على الدورة', summary: 'ما تغطيه الدورة، وكيف نُظّمت، وكيف تستفيد منها أقصى استفادة.' },
        'm1-workspace': { title: 'إنشاء مساحة عملك', summary: 'إعدادات المؤسسة والمنطقة الزمنية، وكيف تحدد الأدوار من يرى ماذا.' },
        'm1-contacts': { title: 'استيراد أول جهات اتصالك', summary: 'الاستيراد من CSV ومطابقة الأعمدة والحقول المخصصة ودمج البيانات المكررة.' },
        'm1-pipeline': { title: 'مسار مبيعاتك في عشر دقائق', summary: 'المراحل والصفقات والقيم وعرض اللوحة.' },
        'm1-team': { title: 'دعوة فريقك', summary: 'الدعوات والأدوار وعادات الأسبوع الأول التي تحافظ على نظافة البيانات.' },
        'm1-dashboard': { title: 'قراءة لوحة المعلومات', summary: 'المؤشرات مقارنةً بالفترة السابقة، وتحليل مسار المبيعات، والتوصيات.' },
      },
      exercises: [
        'استورد ملف CSV يضم 20 جهة اتصال على الأقل، وادمج أي تكرارات يعثر عليها.',
        'أعِد تسمية إحدى مراحل مسار المبيعات لتطابق عملية البيع لديك، وأنشئ ثلاث صفقات.',
        'ادعُ زميلًا بدور مندوب المبيعات، وتحقّق مما يمكنه رؤيته.',
      ],
    },
    m2: { title: 'إتقان مسار المبيعات', description: 'التوقعات والصفقات المتعثرة والمراجعة الأسبوعية لمسار المبيعات.', lessons: {}, exercises: [] },
    m3: { title: 'البريد الإلكتروني والرسائل النصية', description: 'الرسائل الفردية والقوالب والإرسال الجماعي للرسائل النصية وساعات الهدوء وإلغاء الاشتراك.', lessons: {}, exercises: [] },
    m4: { title: 'الأتمتة (قيد البناء)', description: 'قيد البناء: المشغّلات والشروط والمهل وخطوات الرسائل النصية والبريد.', lessons: {}, exercises: [] },
    m5: { title: 'تقييم العملاء المحتملين (مخطط له)', description: 'مخطط له، ولم يُبنَ بعد: كيف تُبنى التقييمات، والحدود، وتوجيه العملاء المحتملين إلى الشخص المناسب.', lessons: {}, exercises: [] },
    m6: { title: 'المواعيد وتقويم الفريق', description: 'المواعيد وتقويم الفريق وملفات ‎.ics ومهام المتابعة.', lessons: {}, exercises: [] },
    m7: { title: 'التقارير والتحليلات', description: 'الإيرادات والتحويل والمصادر والتصدير لقسم المالية.', lessons: {}, exercises: [] },
    m8: { title: 'الأمان والامتثال', description: 'الأدوار وسجل التدقيق ومفاتيح API وممارسات HIPAA.', lessons: {}, exercises: [] },
  },
} satisfies Texts<TrainingTexts>;
