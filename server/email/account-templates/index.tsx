import { render } from '@react-email/render';
import type { Language } from '../../languages/schema';
import { AccountEmailLayout, type LayoutProps } from './layout';

/** The account e-mails, each with what its text needs. */
export type AccountEmail =
  | { template: 'password_reset'; link: string }
  | { template: 'signup_existing'; signInLink: string; resetLink: string }
  | { template: 'verify_email'; link: string }
  | { template: 'email_changed'; newEmail: string; signInLink: string }
  | { template: 'invite'; link: string; organizationName: string; inviterName: string; roleLabel: string };

export type RenderedEmail = { subject: string; html: string; text: string };

type Copy = Omit<LayoutProps, 'language'> & { subject: string };

const PASTE: Record<Language, string> = {
  en: 'If the button does not work, paste this link into your browser:',
  fr: 'Si le bouton ne fonctionne pas, collez ce lien dans votre navigateur :',
  ar: 'إذا لم يعمل الزر، الصق هذا الرابط في متصفحك:',
};

/** Each e-mail's words in each language the app speaks (the user's language preference). */
function copyOf(email: AccountEmail, language: Language): Copy {
  const pasteLink = PASTE[language];
  switch (email.template) {
    case 'password_reset':
      return {
        en: {
          subject: 'Reset your Switchboard password',
          preview: 'A link to set a new password, valid for one hour.',
          heading: 'Reset your password',
          paragraphs: ['Someone asked to reset the password of the Switchboard account for this address. The link below sets a new one; it works once, within one hour.'],
          action: { label: 'Set a new password', href: email.link },
          footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          pasteLink,
        },
        fr: {
          subject: 'Réinitialisez votre mot de passe Switchboard',
          preview: 'Un lien pour choisir un nouveau mot de passe, valable une heure.',
          heading: 'Réinitialisez votre mot de passe',
          paragraphs: [
            'Quelqu’un a demandé à réinitialiser le mot de passe du compte Switchboard de cette adresse. Le lien ci-dessous permet d’en choisir un nouveau ; il ne sert qu’une fois, pendant une heure.',
          ],
          action: { label: 'Choisir un nouveau mot de passe', href: email.link },
          footnote: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
          pasteLink,
        },
        ar: {
          subject: 'إعادة تعيين كلمة مرور Switchboard',
          preview: 'رابط لتعيين كلمة مرور جديدة، صالح لمدة ساعة.',
          heading: 'أعد تعيين كلمة المرور',
          paragraphs: ['طلب أحدهم إعادة تعيين كلمة مرور حساب Switchboard المرتبط بهذا العنوان. يتيح لك الرابط أدناه تعيين كلمة مرور جديدة، ويعمل مرة واحدة خلال ساعة.'],
          action: { label: 'تعيين كلمة مرور جديدة', href: email.link },
          footnote: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
          pasteLink,
        },
      }[language];
    case 'signup_existing':
      return {
        en: {
          subject: 'Someone tried to sign up with your e-mail',
          preview: 'You already have a Switchboard account with this address.',
          heading: 'You already have an account',
          paragraphs: [
            'Someone just tried to create a Switchboard account with this address. It already has an account, so nothing was created. Sign in with it, or reset your password if you have forgotten it.',
          ],
          action: { label: 'Sign in', href: email.signInLink },
          secondary: { label: 'Reset your password', href: email.resetLink },
          footnote: 'If this was not you, ignore this e-mail: your account has not changed.',
          pasteLink,
        },
        fr: {
          subject: 'Quelqu’un a essayé de s’inscrire avec votre e-mail',
          preview: 'Vous avez déjà un compte Switchboard avec cette adresse.',
          heading: 'Vous avez déjà un compte',
          paragraphs: [
            'Quelqu’un vient d’essayer de créer un compte Switchboard avec cette adresse. Elle a déjà un compte : rien n’a été créé. Connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié.',
          ],
          action: { label: 'Se connecter', href: email.signInLink },
          secondary: { label: 'Réinitialiser votre mot de passe', href: email.resetLink },
          footnote: 'Si ce n’était pas vous, ignorez cet e-mail : votre compte n’a pas changé.',
          pasteLink,
        },
        ar: {
          subject: 'حاول أحدهم التسجيل باستخدام بريدك الإلكتروني',
          preview: 'لديك بالفعل حساب Switchboard بهذا العنوان.',
          heading: 'لديك حساب بالفعل',
          paragraphs: ['حاول أحدهم للتو إنشاء حساب Switchboard بهذا العنوان. لهذا العنوان حساب بالفعل، لذلك لم يُنشأ أي شيء. سجّل الدخول به، أو أعد تعيين كلمة المرور إذا نسيتها.'],
          action: { label: 'تسجيل الدخول', href: email.signInLink },
          secondary: { label: 'إعادة تعيين كلمة المرور', href: email.resetLink },
          footnote: 'إذا لم تكن أنت، فتجاهل هذه الرسالة: لم يتغير حسابك.',
          pasteLink,
        },
      }[language];
    case 'verify_email':
      return {
        en: {
          subject: 'Verify your e-mail address',
          preview: 'Confirm that this address is yours.',
          heading: 'Verify your e-mail address',
          paragraphs: ['Confirm that this address belongs to your Switchboard account. The link works once, within 24 hours.'],
          action: { label: 'Verify e-mail', href: email.link },
          footnote: 'If you did not create a Switchboard account or change its address, ignore this e-mail.',
          pasteLink,
        },
        fr: {
          subject: 'Vérifiez votre adresse e-mail',
          preview: 'Confirmez que cette adresse est la vôtre.',
          heading: 'Vérifiez votre adresse e-mail',
          paragraphs: ['Confirmez que cette adresse appartient à votre compte Switchboard. Le lien ne sert qu’une fois, pendant 24 heures.'],
          action: { label: 'Vérifier l’e-mail', href: email.link },
          footnote: 'Si vous n’avez pas créé de compte Switchboard ni changé son adresse, ignorez cet e-mail.',
          pasteLink,
        },
        ar: {
          subject: 'تحقق من عنوان بريدك الإلكتروني',
          preview: 'أكّد أن هذا العنوان لك.',
          heading: 'تحقق من عنوان بريدك الإلكتروني',
          paragraphs: ['أكّد أن هذا العنوان يخص حسابك في Switchboard. يعمل الرابط مرة واحدة خلال 24 ساعة.'],
          action: { label: 'تحقق من البريد', href: email.link },
          footnote: 'إذا لم تنشئ حساب Switchboard أو تغيّر عنوانه، فتجاهل هذه الرسالة.',
          pasteLink,
        },
      }[language];
    case 'email_changed':
      return {
        en: {
          subject: 'Your Switchboard e-mail address was changed',
          preview: `Your account now uses ${email.newEmail}.`,
          heading: 'Your e-mail address was changed',
          paragraphs: [`The e-mail address of your Switchboard account was changed to ${email.newEmail}. You will no longer receive its e-mails at this address.`],
          action: { label: 'Sign in', href: email.signInLink },
          footnote: 'If you did not make this change, sign in with the new address and your password and change both, or ask your workspace administrator for help.',
          pasteLink,
        },
        fr: {
          subject: 'L’adresse e-mail de votre compte Switchboard a changé',
          preview: `Votre compte utilise maintenant ${email.newEmail}.`,
          heading: 'Votre adresse e-mail a changé',
          paragraphs: [`L’adresse e-mail de votre compte Switchboard est maintenant ${email.newEmail}. Vous ne recevrez plus ses e-mails à cette adresse.`],
          action: { label: 'Se connecter', href: email.signInLink },
          footnote:
            'Si vous n’êtes pas à l’origine de ce changement, connectez-vous avec la nouvelle adresse et votre mot de passe et changez-les, ou demandez de l’aide à l’administrateur de votre espace.',
          pasteLink,
        },
        ar: {
          subject: 'تم تغيير عنوان بريدك في Switchboard',
          preview: `يستخدم حسابك الآن ${email.newEmail}.`,
          heading: 'تم تغيير عنوان بريدك الإلكتروني',
          paragraphs: [`تم تغيير عنوان البريد الإلكتروني لحسابك في Switchboard إلى ${email.newEmail}. لن تصلك رسائله على هذا العنوان بعد الآن.`],
          action: { label: 'تسجيل الدخول', href: email.signInLink },
          footnote: 'إذا لم تقم بهذا التغيير، فسجّل الدخول بالعنوان الجديد وكلمة مرورك وغيّرهما، أو اطلب المساعدة من مسؤول مساحة العمل.',
          pasteLink,
        },
      }[language];
    case 'invite':
      return {
        en: {
          subject: `${email.inviterName} invited you to ${email.organizationName} on Switchboard`,
          preview: `Join ${email.organizationName} as ${email.roleLabel}.`,
          heading: `Join ${email.organizationName} on Switchboard`,
          paragraphs: [`${email.inviterName} invited you to join ${email.organizationName} as ${email.roleLabel}. The invite works once, within 7 days.`],
          action: { label: 'Accept the invite', href: email.link },
          footnote: 'If you did not expect this invite, ignore this e-mail: nothing happens until the link is opened and accepted.',
          pasteLink,
        },
        fr: {
          subject: `${email.inviterName} vous invite dans ${email.organizationName} sur Switchboard`,
          preview: `Rejoignez ${email.organizationName} en tant que ${email.roleLabel}.`,
          heading: `Rejoignez ${email.organizationName} sur Switchboard`,
          paragraphs: [`${email.inviterName} vous invite à rejoindre ${email.organizationName} en tant que ${email.roleLabel}. L’invitation ne sert qu’une fois, pendant 7 jours.`],
          action: { label: 'Accepter l’invitation', href: email.link },
          footnote: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail : rien ne se passe tant que le lien n’est pas ouvert et accepté.',
          pasteLink,
        },
        ar: {
          subject: `دعاك ${email.inviterName} إلى ${email.organizationName} على Switchboard`,
          preview: `انضم إلى ${email.organizationName} بدور ${email.roleLabel}.`,
          heading: `انضم إلى ${email.organizationName} على Switchboard`,
          paragraphs: [`دعاك ${email.inviterName} للانضمام إلى ${email.organizationName} بدور ${email.roleLabel}. تعمل الدعوة مرة واحدة خلال 7 أيام.`],
          action: { label: 'قبول الدعوة', href: email.link },
          footnote: 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة: لا يحدث شيء ما لم يُفتح الرابط وتُقبل الدعوة.',
          pasteLink,
        },
      }[language];
  }
}

/** The e-mail's subject, HTML (light and dark, right to left in Arabic) and plain text. */
export async function renderAccountEmail(email: AccountEmail, language: Language): Promise<RenderedEmail> {
  const { subject, ...copy } = copyOf(email, language);
  const element = <AccountEmailLayout language={language} {...copy} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
