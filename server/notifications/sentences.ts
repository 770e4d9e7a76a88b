import { formatMoney, payloadText } from '../events/notifications';
import type { Language } from '../languages/schema';
import type { NotificationEmailKind } from './schema';

/**
 * A notification e-mail's sentence in each language the member may read (decision 027): the e-mail
 * speaks the member's language around it, so the sentence does too. For the in-app notifications'
 * kinds the English is the notification's own text (its domain's, as the bell shows it); French and
 * Arabic are written here from the same payload.
 */
export type Sentence = Record<Language, string>;

/** A record handed to the member: one contact, deal or task by name, or several contacts at once. */
export type Handed = { record: 'contact' | 'deal' | 'task'; name: string | null } | { record: 'contacts'; count: number };

export function assignedSentence(handed: Handed, actorName: string | null): Sentence {
  const by = { en: actorName ? ` by ${actorName}` : '', fr: actorName ? ` par ${actorName}` : '', ar: actorName ? ` بواسطة ${actorName}` : '' };
  switch (handed.record) {
    case 'contacts': {
      const one = handed.count === 1;
      return {
        en: `${handed.count} ${one ? 'contact was' : 'contacts were'} assigned to you${by.en}`,
        fr: `${handed.count} ${one ? 'contact vous a été assigné' : 'contacts vous ont été assignés'}${by.fr}`,
        ar: `تم إسناد ${handed.count} ${one ? 'جهة اتصال' : 'من جهات الاتصال'} إليك${by.ar}`,
      };
    }
    case 'contact':
      return {
        en: `The contact ${handed.name ?? 'a contact'} was assigned to you${by.en}`,
        fr: `Le contact ${handed.name ?? 'sans nom'} vous a été assigné${by.fr}`,
        ar: `تم إسناد جهة الاتصال ${handed.name ?? 'بلا اسم'} إليك${by.ar}`,
      };
    case 'deal':
      return {
        en: `The deal ${handed.name ?? 'a deal'} was assigned to you${by.en}`,
        fr: `L’affaire ${handed.name ?? 'sans titre'} vous a été assignée${by.fr}`,
        ar: `تم إسناد الصفقة ${handed.name ?? 'بلا عنوان'} إليك${by.ar}`,
      };
    case 'task':
      return {
        en: `The task ${handed.name ?? 'a task'} was assigned to you${by.en}`,
        fr: `La tâche ${handed.name ?? 'sans titre'} vous a été assignée${by.fr}`,
        ar: `تم إسناد المهمة ${handed.name ?? 'بلا عنوان'} إليك${by.ar}`,
      };
  }
}

/** The in-app notification's sentence (`english`, its domain's text) with its French and Arabic. */
export function notificationSentence(kind: Exclude<NotificationEmailKind, 'assigned'>, payload: Record<string, unknown>, english: string): Sentence {
  switch (kind) {
    case 'contact_created':
      return { en: english, fr: `${payloadText(payload.name, 'Un contact')} a été ajouté à vos contacts`, ar: `تمت إضافة ${payloadText(payload.name, 'جهة اتصال')} إلى جهات اتصالك` };
    case 'deal_won': {
      const value = (locale: string) => formatMoney(Number(payload.valueMinor ?? 0), payloadText(payload.currency, 'USD'), locale);
      return { en: english, fr: `${payloadText(payload.title, 'Une affaire')} - ${value('fr-FR')}`, ar: `${payloadText(payload.title, 'صفقة')} - ${value('ar')}` };
    }
    case 'automation_completed':
      return { en: english, fr: `${payloadText(payload.name, 'Une automatisation')} a terminé son exécution`, ar: `انتهى تشغيل ${payloadText(payload.name, 'أتمتة')}` };
    case 'automation_failed': {
      // The error is the provider's or the step's own words, as the run's log keeps them.
      const error = payloadText(payload.error, '');
      return {
        en: english,
        fr: `Une exécution de ${payloadText(payload.name, 'une automatisation')} a échoué${error ? ` : ${error}` : ''}`,
        ar: `فشل تشغيل ${payloadText(payload.name, 'أتمتة')}${error ? `: ${error}` : ''}`,
      };
    }
  }
}
