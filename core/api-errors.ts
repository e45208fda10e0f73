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
  imageAltRequiredEn: "Describe what the image shows, in English.",
  imageAltRequiredAr: "Describe what the image shows, in Arabic.",
  projectMoveDirection: 'Send { "direction": "up" } or { "direction": "down" }.',
  articleStatus: "The status must be draft, scheduled or published.",
  publishAtRequired: "Choose when the article is published.",
  publishAtInvalid: "Give the publication time as a date and time with its time zone.",
  tagNeedsEnglish: "Every tag needs its English name.",
  backupNoFile: "Choose a backup file (.zip) to restore.",
  backupInvalid: "This file is not a backup of this site, or it is damaged. Nothing was changed.",
  backupVersion: "This backup was made by a newer version of the site. Nothing was changed.",
  backupNotEmpty: "The site already has content. Confirm that the backup should replace it.",
  backupTooLarge: "The backup is larger than {{max}} MB.",
  uploadNoFile: "Choose an image file to upload.",
  uploadBadFolder: "The folder must be projects, articles or site.",
  uploadEmpty: "The file is empty.",
  uploadTooLarge: "The image is larger than {{max}} MB.",
  uploadUnsupported: "Only PNG, JPEG, WebP and GIF images can be uploaded.",
  uploadTooManyPixels: "The image has too many pixels: at most {{max}} megapixels.",
  uploadBroken: "The image could not be read. It may be damaged.",
  uploadInUse: "This image is still used by a project or an article.",
  uploadNotFound: "There is no such image.",
  storageUnavailable: "Images cannot be reached right now. Nothing was changed; try again in a minute.",
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
  requiredEnglish: "Write this in English too.",
  requiredArabic: "Write this in Arabic too.",
  invalidEmail: "Enter a valid e-mail address, such as name@example.com.",
  invalidPhone: "Enter a phone number such as +20 100 000 0000.",
  invalidTimeZone: "Choose a time zone from the list, such as Africa/Cairo.",
  invalidImage: "Choose an image uploaded to this site, or one of the site's own images.",
  initialsLength: "Use 1 to 3 letters.",
  listLength: "Keep between {{min}} and {{max}} entries.",
  listExact: { one: "Keep exactly {{count}} entry.", other: "Keep exactly {{count}} entries." },
  settingsSection: "There is no such settings section.",
  passwordCurrentWrong: "The current password is not correct.",
  passwordTooShort: {
    one: "The new password needs at least {{count}} character.",
    other: "The new password needs at least {{count}} characters.",
  },
  passwordTooLong: {
    one: "The new password may have at most {{count}} character.",
    other: "The new password may have at most {{count}} characters.",
  },
  passwordSpaces: "The new password must not start or end with a space.",
  passwordCommon: "This password is among the most common ones, which are tried first. Choose another.",
  passwordPersonal: "The new password must not contain your name or e-mail address.",
  messageReadFlag: 'Send { "read": true } or { "read": false }.',
  dataDamaged:
    "Part of the site's data is damaged and cannot be read. Nothing was changed; please try again later.",
  diskFull:
    "The server's disk is full, so nothing can be saved right now. Nothing was changed; try again later.",
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
  imageAltRequiredEn: "صِف ما تُظهره الصورة بالإنجليزية.",
  imageAltRequiredAr: "صِف ما تُظهره الصورة بالعربية.",
  projectMoveDirection: 'أرسل { "direction": "up" } أو { "direction": "down" }.',
  articleStatus: "يجب أن تكون الحالة مسودة أو مجدولة أو منشورة.",
  publishAtRequired: "اختر موعد نشر المقالة.",
  publishAtInvalid: "اكتب موعد النشر تاريخًا ووقتًا مع منطقته الزمنية.",
  tagNeedsEnglish: "يحتاج كل وسم إلى اسمه بالإنجليزية.",
  backupNoFile: "اختر ملف نسخة احتياطية (.zip) لاستعادته.",
  backupInvalid: "هذا الملف ليس نسخة احتياطية لهذا الموقع أو أنه تالف. لم يتغيّر شيء.",
  backupVersion: "صُنعت هذه النسخة بإصدار أحدث من الموقع. لم يتغيّر شيء.",
  backupNotEmpty: "في الموقع محتوى بالفعل. أكّد أن النسخة الاحتياطية ستحلّ محله.",
  backupTooLarge: "النسخة الاحتياطية أكبر من {{max}} ميغابايت.",
  uploadNoFile: "اختر ملف صورة لرفعه.",
  uploadBadFolder: "يجب أن يكون المجلد projects أو articles أو site.",
  uploadEmpty: "الملف فارغ.",
  uploadTooLarge: "الصورة أكبر من {{max}} ميغابايت.",
  uploadUnsupported: "يمكن رفع صور PNG وJPEG وWebP وGIF فقط.",
  uploadTooManyPixels: "عدد بكسلات الصورة كبير جدًا: {{max}} ميغابكسل على الأكثر.",
  uploadBroken: "تعذرت قراءة الصورة. ربما تكون تالفة.",
  uploadInUse: "هذه الصورة ما زالت مستخدمة في مشروع أو مقالة.",
  uploadNotFound: "لا توجد صورة بهذا الاسم.",
  storageUnavailable: "تعذّر الوصول إلى الصور الآن. لم يتغيّر شيء؛ حاول مرة أخرى بعد دقيقة.",
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
  requiredEnglish: "اكتب هذا بالإنجليزية أيضًا.",
  requiredArabic: "اكتب هذا بالعربية أيضًا.",
  invalidEmail: "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@example.com.",
  invalidPhone: "أدخل رقم هاتف مثل ‎+20 100 000 0000.",
  invalidTimeZone: "اختر منطقة زمنية من القائمة، مثل Africa/Cairo.",
  invalidImage: "اختر صورة مرفوعة إلى هذا الموقع أو إحدى صور الموقع نفسه.",
  initialsLength: "استخدم من حرف إلى ثلاثة أحرف.",
  listLength: "أبقِ العدد بين {{min}} و{{max}}.",
  listExact: {
    zero: "لا تُبقِ أي عنصر.",
    one: "أبقِ عنصرًا واحدًا بالضبط.",
    two: "أبقِ عنصرين بالضبط.",
    few: "أبقِ {{count}} عناصر بالضبط.",
    many: "أبقِ {{count}} عنصرًا بالضبط.",
    other: "أبقِ {{count}} عنصر بالضبط.",
  },
  settingsSection: "لا يوجد قسم إعدادات بهذا الاسم.",
  passwordCurrentWrong: "كلمة المرور الحالية غير صحيحة.",
  passwordTooShort: {
    zero: "كلمة المرور الجديدة قصيرة جدًا.",
    one: "تحتاج كلمة المرور الجديدة إلى حرف واحد على الأقل.",
    two: "تحتاج كلمة المرور الجديدة إلى حرفين على الأقل.",
    few: "تحتاج كلمة المرور الجديدة إلى {{count}} أحرف على الأقل.",
    many: "تحتاج كلمة المرور الجديدة إلى {{count}} حرفًا على الأقل.",
    other: "تحتاج كلمة المرور الجديدة إلى {{count}} حرف على الأقل.",
  },
  passwordTooLong: {
    zero: "كلمة المرور الجديدة طويلة جدًا.",
    one: "لا تتجاوز كلمة المرور الجديدة حرفًا واحدًا.",
    two: "لا تتجاوز كلمة المرور الجديدة حرفين.",
    few: "لا تتجاوز كلمة المرور الجديدة {{count}} أحرف.",
    many: "لا تتجاوز كلمة المرور الجديدة {{count}} حرفًا.",
    other: "لا تتجاوز كلمة المرور الجديدة {{count}} حرف.",
  },
  passwordSpaces: "يجب ألا تبدأ كلمة المرور الجديدة أو تنتهي بمسافة.",
  passwordCommon: "كلمة المرور هذه من أكثر كلمات المرور شيوعًا، وهي أول ما يُجرَّب. اختر غيرها.",
  passwordPersonal: "يجب ألا تحتوي كلمة المرور الجديدة على اسمك أو بريدك الإلكتروني.",
  messageReadFlag: 'أرسل { "read": true } أو { "read": false }.',
  dataDamaged: "جزء من بيانات الموقع تالف ولا يمكن قراءته. لم يتغيّر شيء؛ يرجى المحاولة لاحقًا.",
  diskFull: "قرص الخادم ممتلئ، فلا يمكن حفظ أي شيء الآن. لم يتغيّر شيء؛ حاول مرة أخرى لاحقًا.",
};

export const apiErrorTexts: Record<Language, Record<ApiErrorKey, string | PluralForms>> = { en, ar };

export function apiErrorText(language: Language, key: ApiErrorKey, vars?: TranslateVars): string {
  return translate(apiErrorTexts[language], key, vars, LOCALES[language]);
}

export function isApiErrorKey(value: string): value is ApiErrorKey {
  return Object.hasOwn(en, value);
}

/** What a schema issue (zod) needs to be told to a person: its message key and the numbers it names. */
export interface SchemaIssue {
  message: string;
  code?: string;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

/** A schema issue in `language`: its key's text with the limit it names, or "Some fields are not valid". */
export function issueText(language: Language, issue: SchemaIssue): string {
  if (!isApiErrorKey(issue.message)) return apiErrorText(language, "invalidInput");
  const vars: TranslateVars = {};
  for (const [name, value] of Object.entries(issue.params ?? {}))
    if (typeof value === "number" || typeof value === "string") vars[name] = value;
  if (issue.maximum !== undefined) {
    vars.max = Number(issue.maximum);
    vars.count = Number(issue.maximum);
  }
  return apiErrorText(language, issue.message, vars);
}
