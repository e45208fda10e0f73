import type { SiteConfig } from "#core/site-config.ts";

// The owner's identity, in English and Arabic. Replace these sample values with your own
// (README "Make it yours"); the server checks them at start.
export const siteConfig = {
  name: { en: "Mohamed Hassan", ar: "محمد حسن" },
  initials: "MH",
  role: { en: "Freelance Web Developer", ar: "مطوّر ويب مستقل" },
  heroTitle: {
    en: "I build fast, friendly websites that grow your business",
    ar: "أبني مواقع سريعة وسهلة الاستخدام تُنمّي عملك",
  },
  heroDescription: {
    en: "From a first idea to a polished product: web applications, interfaces and online presence, built with care and delivered on time.",
    ar: "من الفكرة الأولى إلى منتج متقن: تطبيقات ويب وواجهات وحضور رقمي، مبنية بعناية ومسلَّمة في موعدها.",
  },
  bio: {
    en: "I am a web developer based in Cairo with more than six years of experience building websites and web applications for startups, agencies and small businesses. I care about clean code, clear design and products that load fast on any phone.",
    ar: "أنا مطوّر ويب مقيم في القاهرة، لديّ أكثر من ست سنوات من الخبرة في بناء المواقع وتطبيقات الويب للشركات الناشئة والوكالات والأعمال الصغيرة. أهتم بالشيفرة النظيفة والتصميم الواضح والمنتجات التي تُحمَّل بسرعة على أي هاتف.",
  },
  philosophy: {
    en: "Good software is built with people, not just for them. I listen first, keep things simple, and ship in small steps so you always see progress.",
    ar: "البرمجيات الجيدة تُبنى مع الناس لا من أجلهم فقط. أستمع أولًا، وأُبقي الأمور بسيطة، وأسلّم العمل على خطوات صغيرة لترى التقدم دائمًا.",
  },
  skills: [
    { en: "React", ar: "React" },
    { en: "TailwindCSS", ar: "TailwindCSS" },
    { en: "Node.js", ar: "Node.js" },
    { en: "JavaScript", ar: "JavaScript" },
    { en: "UI/UX Design", ar: "تصميم واجهات وتجربة المستخدم" },
  ],
  city: { en: "Cairo", ar: "القاهرة" },
  location: { en: "Cairo, Egypt (Remote Work Available)", ar: "القاهرة، مصر (متاح للعمل عن بُعد)" },
  email: "hello@example.com",
  phone: "+20 100 000 0000",
  links: {
    github: "https://github.com/",
    linkedin: "https://www.linkedin.com/",
    twitter: "https://x.com/",
    instagram: "https://www.instagram.com/",
  },
  footerText: {
    en: "Building thoughtful web experiences, one project at a time.",
    ar: "أبني تجارب ويب مدروسة، مشروعًا تلو الآخر.",
  },
  portrait: "/images/portrait.webp",
  portraitSmall: "/images/portrait-320.webp",
  aboutImage: "/images/about.webp",
  projectFallbackImage: "/images/project-fallback.webp",
  shareImage: "/images/og-default.png",
  timeZone: "Africa/Cairo",
} satisfies SiteConfig;
