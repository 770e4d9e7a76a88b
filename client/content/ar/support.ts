import type { Texts } from '../../i18n';
import type { SupportTexts } from '../support';

export default {
  chatResponse: 'الدردشة المباشرة: رد آلي فوري، وفريقنا خلال ساعات الدعم',
  emailResponse: 'البريد الإلكتروني: رد خلال 4 ساعات',
  hours: ['من الاثنين إلى الجمعة: 9 صباحًا – 6 مساءً (بتوقيت نيويورك)', 'السبت: 10 صباحًا – 4 مساءً (بتوقيت نيويورك)', 'الأحد: مغلق (تبقى الدردشة المباشرة متاحة)'],
  hoursShort: 'من الاثنين إلى الجمعة من 9 صباحًا حتى 6 مساءً، والسبت من 10 صباحًا حتى 4 مساءً (بتوقيت نيويورك)',
  emergency: 'Switchboard مفتوح المصدر: دعم مجتمعي عبر GitHub Discussions وIssues',
  cards: {
    liveChat: 'الدردشة المباشرة',
    email: 'البريد الإلكتروني',
    call: 'المكالمات والفيديو',
    callText: 'احجز مكالمة أو جلسة مشاركة شاشة، وسيتصل بك أحد المتخصصين في الوقت الذي تختاره.',
    bookCall: 'احجز مكالمة',
    community: 'المجتمع',
    communityText: 'Switchboard مفتوح المصدر: اطرح أسئلتك على المجتمع، وتابع خطة التطوير، وأبلغ عن الأخطاء على GitHub.',
    discussions: 'نقاشات GitHub',
    issues: 'أبلغ عن خطأ',
    hours: 'ساعات الدعم',
  },
} satisfies Texts<SupportTexts>;
