import type { Tutorial } from './tutorials';

/** The first three tutorials in French (/french-tutorial). */
export const FRENCH_TUTORIALS: Tutorial[] = [
  {
    id: 'premiers-pas',
    title: 'Premiers pas',
    level: 'Débutant',
    minutes: 15,
    summary: 'Créez votre espace de travail, invitez votre équipe et préparez-vous à travailler avec de vrais contacts.',
    steps: [
      'Démarrez votre essai gratuit : saisissez votre nom, votre e-mail professionnel, un mot de passe et le nom de votre organisation. Aucune carte bancaire n’est demandée.',
      'Ouvrez Paramètres → Organisation et choisissez votre pays et votre fuseau horaire, pour que les rappels et les rapports utilisent votre heure locale.',
      'Invitez votre équipe depuis Paramètres → Membres. Choisissez le rôle de chacun : les Admins gèrent les utilisateurs, les Commerciaux travaillent leurs propres prospects, les Lecteurs consultent seulement.',
      'Connectez votre agenda et votre messagerie pour que les rendez-vous et les échanges arrivent sur le bon contact.',
      'Ouvrez le Tableau de bord : chaque chiffre provient de vos propres données et se remplit au fil de votre travail.',
    ],
  },
  {
    id: 'importer-contacts',
    title: 'Importer et organiser vos contacts',
    level: 'Débutant',
    minutes: 10,
    summary: 'Importez votre liste depuis un tableur ou un autre CRM et gardez-la propre.',
    steps: [
      'Exportez vos contacts depuis votre outil actuel ou votre tableur au format CSV.',
      'Allez dans Contacts → Importer, choisissez le fichier et associez chaque colonne à un champ Switchboard. Créez des champs personnalisés pour le reste.',
      'Lancez l’import. Il s’exécute en arrière-plan : vous pouvez continuer à travailler et revenir au résumé.',
      'Ouvrez Contacts → Doublons pour vérifier les doublons probables et les fusionner en choisissant les valeurs à garder.',
      'Filtrez la liste (par étiquette, responsable ou statut) et enregistrez le filtre comme vue réutilisable par votre équipe.',
    ],
  },
  {
    id: 'automatisation',
    title: 'Créer une automatisation',
    level: 'Intermédiaire',
    minutes: 25,
    summary: 'Relancez chaque nouveau prospect automatiquement et passez la main à un humain au bon moment.',
    steps: [
      'Ouvrez Automatisations et partez du modèle « Séquence de nurturing », ou d’un flux vide.',
      'Choisissez le déclencheur, par exemple « un contact est créé avec l’étiquette prospect-site ».',
      'Ajoutez un e-mail de bienvenue, un délai de deux jours et un SMS. Utilisez des conditions pour sauter les étapes quand le prospect a déjà répondu.',
      'Ajoutez une tâche pour un commercial quand le score du prospect dépasse votre seuil.',
      'Testez le flux sur vous-même, puis activez-le et suivez la liste d’activité.',
    ],
  },
];

/** The first three tutorials in Arabic (/arabic-tutorial). */
export const ARABIC_TUTORIALS: Tutorial[] = [
  {
    id: 'getting-started-ar',
    title: 'الخطوات الأولى',
    level: 'مبتدئ',
    minutes: 15,
    summary: 'أنشئ مساحة عملك، وادعُ فريقك، واستعد للعمل مع جهات اتصال حقيقية.',
    steps: [
      'ابدأ تجربتك المجانية: أدخل اسمك وبريد العمل الإلكتروني وكلمة مرور واسم مؤسستك. لا حاجة إلى بطاقة ائتمان.',
      'افتح الإعدادات ← المؤسسة واختر بلدك ومنطقتك الزمنية، لتستخدم التذكيرات والتقارير توقيتك المحلي.',
      'ادعُ فريقك من الإعدادات ← الأعضاء، واختر دور كل شخص: المسؤول يدير المستخدمين، ومندوب المبيعات يعمل على عملائه المحتملين، والمشاهد يطّلع فقط.',
      'اربط تقويمك وبريدك الإلكتروني لتصل المواعيد والمحادثات إلى جهة الاتصال الصحيحة.',
      'افتح لوحة التحكم: كل رقم فيها مأخوذ من بياناتك، ويمتلئ كلما عملت.',
    ],
  },
  {
    id: 'contacts-ar',
    title: 'استيراد جهات الاتصال وتنظيمها',
    level: 'مبتدئ',
    minutes: 10,
    summary: 'انقل قائمتك من جدول بيانات أو من نظام آخر وحافظ على نظافتها.',
    steps: [
      'صدّر جهات الاتصال من أداتك الحالية أو من جدول البيانات بصيغة CSV.',
      'انتقل إلى جهات الاتصال ← استيراد، واختر الملف، وطابق كل عمود مع حقل في Switchboard. أنشئ حقولاً مخصصة لما تبقى.',
      'ابدأ الاستيراد. يعمل في الخلفية، فيمكنك متابعة العمل والعودة إلى الملخص لاحقاً.',
      'افتح جهات الاتصال ← التكرارات لمراجعة السجلات المكررة المحتملة ودمجها مع اختيار القيم التي تريد الاحتفاظ بها.',
      'صفِّ القائمة حسب الوسم أو المسؤول أو الحالة، واحفظ التصفية كعرض يعيد فريقك استخدامه.',
    ],
  },
  {
    id: 'automation-ar',
    title: 'بناء أتمتة',
    level: 'متوسط',
    minutes: 25,
    summary: 'تابع كل عميل محتمل جديد تلقائياً، وسلّمه إلى أحد أعضاء فريقك في الوقت المناسب.',
    steps: [
      'افتح الأتمتة وابدأ من قالب «سلسلة رعاية العملاء المحتملين» أو من مسار فارغ.',
      'اختر المُشغّل، مثل «إنشاء جهة اتصال بوسم عميل-الموقع».',
      'أضف رسالة ترحيب بالبريد، ثم انتظاراً لمدة يومين، ثم رسالة نصية. استخدم الشروط لتخطي الخطوات لمن ردّ بالفعل.',
      'أضف مهمة لمندوب المبيعات عندما يتجاوز تقييم العميل المحتمل الحد الذي تحدده.',
      'اختبر المسار على نفسك، ثم فعّله وتابع قائمة النشاط.',
    ],
  },
];
