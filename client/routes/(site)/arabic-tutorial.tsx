import { createFileRoute, Link } from '@tanstack/react-router';
import { TutorialList } from '../../components/marketing/tutorial-list';
import { PublicLayout } from '../../components/public-layout';
import { ARABIC_TUTORIALS } from '../../content/ar/tutorials';
import { MINUTES, plural } from '../../content/ar/plural';

export const Route = createFileRoute('/(site)/arabic-tutorial')({
  staticData: {
    title: 'الدليل التعليمي بالعربية',
    description: 'دليل Switchboard التعليمي بالعربية: الخطوات الأولى، واستيراد جهات الاتصال، وبناء أول أتمتة، خطوة بخطوة.',
  },
  component: ArabicTutorial,
});

function ArabicTutorial() {
  return (
    <PublicLayout>
      <div lang="ar" dir="rtl" className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">الدليل التعليمي لـ Switchboard</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">ثلاثة أدلة خطوة بخطوة لبداية صحيحة: أنشئ مساحة عملك، واستورد جهات اتصالك، وجهّز أول أتمتة لك. ساعة واحدة تكفي.</p>
        <div className="mt-8">
          <TutorialList tutorials={ARABIC_TUTORIALS} minutesLabel={(m) => plural(m, MINUTES)} />
        </div>
        <p className="mt-8 text-gray-700 dark:text-gray-300">
          تحتاج إلى مساعدة؟ اسألنا عبر الدردشة المباشرة، أو اسأل المجتمع على GitHub.{' '}
          <Link to="/tutorials" hrefLang="en" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            جميع الأدلة (بالإنجليزية)
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
