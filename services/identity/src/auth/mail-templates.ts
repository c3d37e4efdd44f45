import { ADMIN_LINK_TTL_MINUTES, type EmailJob, type Language, RESET_TOKEN_TTL_MINUTES } from '@khidma/contracts';

export type AccountMail = 'verify_email' | 'password_reset' | 'admin_link';

interface Texts {
  subject: string;
  body: (name: string, link: string) => string;
}

export const VERIFY_EMAIL_TTL_HOURS = 24;

/** Subject and text of each account e-mail, in the recipient's language. */
const TEXTS: Record<AccountMail, Record<Language, Texts>> = {
  verify_email: {
    en: {
      subject: 'Confirm your e-mail address for Khidma',
      body: (name, link) =>
        `Hello ${name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link is valid for ${VERIFY_EMAIL_TTL_HOURS} hours. If you did not create a Khidma account, ignore this e-mail.\n\nKhidma`,
    },
    ar: {
      subject: 'أكّد بريدك الإلكتروني في خدمة',
      body: (name, link) =>
        `مرحباً ${name}،\n\nيرجى تأكيد بريدك الإلكتروني بفتح هذا الرابط:\n${link}\n\nالرابط صالح لمدة ${VERIFY_EMAIL_TTL_HOURS} ساعة. إذا لم تنشئ حساباً في خدمة فتجاهل هذه الرسالة.\n\nخدمة`,
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your Khidma password',
      body: (name, link) =>
        `Hello ${name},\n\nTo choose a new password, open this link:\n${link}\n\nThe link works once and for ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail; your password stays the same.\n\nKhidma`,
    },
    ar: {
      subject: 'إعادة تعيين كلمة المرور في خدمة',
      body: (name, link) =>
        `مرحباً ${name}،\n\nلاختيار كلمة مرور جديدة افتح هذا الرابط:\n${link}\n\nيعمل الرابط مرة واحدة ولمدة ${RESET_TOKEN_TTL_MINUTES} دقيقة. إذا لم تطلبه فتجاهل هذه الرسالة، وتبقى كلمة مرورك كما هي.\n\nخدمة`,
    },
  },
  admin_link: {
    en: {
      subject: 'Your Khidma admin sign-in link',
      body: (name, link) =>
        `Hello ${name},\n\nSomeone asked for emergency admin access. To sign in as admin, open this link:\n${link}\n\nThe link works once and for ${ADMIN_LINK_TTL_MINUTES} minutes. If this was not you, ignore this e-mail.\n\nKhidma`,
    },
    ar: {
      subject: 'رابط دخول المشرف إلى خدمة',
      body: (name, link) =>
        `مرحباً ${name}،\n\nطلب أحدهم دخول المشرف الطارئ. لتسجيل الدخول كمشرف افتح هذا الرابط:\n${link}\n\nيعمل الرابط مرة واحدة ولمدة ${ADMIN_LINK_TTL_MINUTES} دقائق. إذا لم تكن أنت فتجاهل هذه الرسالة.\n\nخدمة`,
    },
  },
};

export function accountMail(
  kind: AccountMail,
  to: { email: string; firstName: string; language: Language },
  link: string,
): EmailJob {
  const texts = TEXTS[kind][to.language] ?? TEXTS[kind].en;
  const name = to.firstName || to.email;
  return { to: to.email, subject: texts.subject, text: texts.body(name, link), language: to.language, template: `auth.${kind}` };
}
