import { LOCALES } from "./dates.ts";
import { translate, type PluralForms, type TranslateVars } from "./i18n.ts";
import type { Language } from "./preferences.ts";

// The API's error messages in both languages. The server answers in the visitor's language (the `language`
// preference cookie), so the admin page and the contact form can show the server's message as it is.
// The English catalogue defines the keys; TypeScript makes the Arabic one complete.

const en = {
  notFound: "Not found",
  internal: "Internal server error",
  crossSite: "This request came from another site and was refused.",
  jsonOnly: "Send the data as JSON (Content-Type: application/json).",
  invalidJson: "The request body is not valid JSON.",
  tooLarge: "The request is too large.",
  invalidInput: "Some fields are not valid.",
  tooLong: { one: "At most {{count}} character.", other: "At most {{count}} characters." },
  notText: "Must be text.",
  unauthorized: "Please sign in to continue.",
  signInFailed: "The password is not correct.",
  signInLimited: {
    one: "Too many failed sign-ins. Try again in {{count}} minute.",
    other: "Too many failed sign-ins. Try again in {{count}} minutes.",
  },
  projectTitleRequired: "Project title is required.",
  projectNotFound: "This project no longer exists.",
  invalidUrl: "Enter a full web address that starts with http:// or https://.",
  tooManyTags: { one: "At most {{count}} tag.", other: "At most {{count}} tags." },
  articleTitleRequired: "At least one title (EN or AR) is required.",
  articleNotFound: "This article no longer exists.",
  articleTooLarge: "The article is too large: at most {{max}} MB of content in each language.",
  embeddedImageTooLarge: "An image inside the article is larger than {{max}} MB. Use a smaller image.",
  imageNotStored: "The image is not stored on this site. Upload it again.",
  uploadNoFile: "Choose an image file to upload.",
  uploadBadFolder: "The folder must be projects or articles.",
  uploadEmpty: "The file is empty.",
  uploadTooLarge: "The image is larger than {{max}} MB.",
  uploadUnsupported: "Only PNG, JPEG, WebP and GIF images can be uploaded.",
  uploadTooManyPixels: "The image has too many pixels: at most {{max}} megapixels.",
  uploadBroken: "The image could not be read. It may be damaged.",
  uploadInUse: "This image is still used by a project or an article.",
  uploadNotFound: "There is no such image.",
  contactInvalid: "Please correct the fields marked below.",
  contactRequired: "Please fill in this field.",
  contactEmail: "Enter a valid e-mail address, such as name@example.com.",
  contactEmpty: "The form is empty.",
  contactFormNotFound: "There is no such form.",
  contactInactive: "This form is not taking messages here.",
  contactNoFiles: "This form does not take files.",
  contactMediaType: "Send the form as form data or as JSON.",
  contactLimited: {
    one: "You have sent several messages in a short time. Try again in {{count}} minute.",
    other: "You have sent several messages in a short time. Try again in {{count}} minutes.",
  },
  messageNotFound: "This message no longer exists.",
  messageReadFlag: 'Send { "read": true } or { "read": false }.',
} as const;

export type ApiErrorKey = keyof typeof en;

const ar: Record<ApiErrorKey, string | PluralForms> = {
  notFound: "غير موجود",
  internal: "حدث خطأ في الخادم",
  crossSite: "رُفض هذا الطلب لأنه جاء من موقع آخر.",
  jsonOnly: "أرسل البيانات بصيغة JSON (Content-Type: application/json).",
  invalidJson: "محتوى الطلب ليس JSON صالحًا.",
  tooLarge: "الطلب كبير جدًا.",
  invalidInput: "بعض الحقول غير صالحة.",
  tooLong: {
    zero: "لا يُقبل أي حرف.",
    one: "حرف واحد على الأكثر.",
    two: "حرفان على الأكثر.",
    few: "{{count}} أحرف على الأكثر.",
    many: "{{count}} حرفًا على الأكثر.",
    other: "{{count}} حرف على الأكثر.",
  },
  notText: "يجب أن يكون نصًا.",
  unauthorized: "يرجى تسجيل الدخول للمتابعة.",
  signInFailed: "كلمة المرور غير صحيحة.",
  signInLimited: {
    zero: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد قليل.",
    one: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد دقيقة واحدة.",
    two: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد دقيقتين.",
    few: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد {{count}} دقائق.",
    many: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد {{count}} دقيقة.",
    other: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد {{count}} دقيقة.",
  },
  projectTitleRequired: "عنوان المشروع مطلوب.",
  projectNotFound: "هذا المشروع لم يعد موجودًا.",
  invalidUrl: "أدخل عنوان ويب كاملًا يبدأ بـ http:// أو https://.",
  tooManyTags: {
    zero: "لا يُقبل أي وسم.",
    one: "وسم واحد على الأكثر.",
    two: "وسمان على الأكثر.",
    few: "{{count}} وسوم على الأكثر.",
    many: "{{count}} وسمًا على الأكثر.",
    other: "{{count}} وسم على الأكثر.",
  },
  articleTitleRequired: "مطلوب عنوان واحد على الأقل (بالإنجليزية أو العربية).",
  articleNotFound: "هذه المقالة لم تعد موجودة.",
  articleTooLarge: "المقالة كبيرة جدًا: {{max}} ميغابايت من المحتوى على الأكثر لكل لغة.",
  embeddedImageTooLarge: "صورة داخل المقالة أكبر من {{max}} ميغابايت. استخدم صورة أصغر.",
  imageNotStored: "الصورة غير مخزنة على هذا الموقع. ارفعها مرة أخرى.",
  uploadNoFile: "اختر ملف صورة لرفعه.",
  uploadBadFolder: "يجب أن يكون المجلد projects أو articles.",
  uploadEmpty: "الملف فارغ.",
  uploadTooLarge: "الصورة أكبر من {{max}} ميغابايت.",
  uploadUnsupported: "يمكن رفع صور PNG وJPEG وWebP وGIF فقط.",
  uploadTooManyPixels: "عدد بكسلات الصورة كبير جدًا: {{max}} ميغابكسل على الأكثر.",
  uploadBroken: "تعذرت قراءة الصورة. ربما تكون تالفة.",
  uploadInUse: "هذه الصورة ما زالت مستخدمة في مشروع أو مقالة.",
  uploadNotFound: "لا توجد صورة بهذا الاسم.",
  contactInvalid: "يرجى تصحيح الحقول المشار إليها أدناه.",
  contactRequired: "يرجى ملء هذا الحقل.",
  contactEmail: "أدخل بريدًا إلكترونيًا صالحًا، مثل name@example.com.",
  contactEmpty: "النموذج فارغ.",
  contactFormNotFound: "لا يوجد نموذج بهذا الاسم.",
  contactInactive: "هذا النموذج لا يستقبل الرسائل هنا.",
  contactNoFiles: "هذا النموذج لا يقبل الملفات.",
  contactMediaType: "أرسل النموذج كبيانات نموذج أو بصيغة JSON.",
  contactLimited: {
    zero: "أرسلت عدة رسائل في وقت قصير. حاول مرة أخرى بعد قليل.",
    one: "أرسلت عدة رسائل في وقت قصير. حاول مرة أخرى بعد دقيقة واحدة.",
    two: "أرسلت عدة رسائل في وقت قصير. حاول مرة أخرى بعد دقيقتين.",
    few: "أرسلت عدة رسائل في وقت قصير. حاول مرة أخرى بعد {{count}} دقائق.",
    many: "أرسلت عدة رسائل في وقت قصير. حاول مرة أخرى بعد {{count}} دقيقة.",
    other: "أرسلت عدة رسائل في وقت قصير. حاول مرة أخرى بعد {{count}} دقيقة.",
  },
  messageNotFound: "هذه الرسالة لم تعد موجودة.",
  messageReadFlag: 'أرسل { "read": true } أو { "read": false }.',
};

export const apiErrorTexts: Record<Language, Record<ApiErrorKey, string | PluralForms>> = { en, ar };

export function apiErrorText(language: Language, key: ApiErrorKey, vars?: TranslateVars): string {
  return translate(apiErrorTexts[language], key, vars, LOCALES[language]);
}

export function isApiErrorKey(value: string): value is ApiErrorKey {
  return Object.hasOwn(en, value);
}
