import type { SiteConfig } from "#core/site-settings.ts";

// The site's default settings, in English and Arabic: what a fresh site shows, and what any field the owner
// never edited in the admin's Settings tab keeps showing (docs/product.md §17). Replace these sample values
// with your own here (README "Make it yours") or in the admin; the server checks them at start.
export const siteConfig = {
  name: { en: "Mohamed Hassan", ar: "محمد حسن" },
  initials: "MH",
  role: { en: "Freelance Web Developer", ar: "مطوّر ويب مستقل" },
  heroGreeting: { en: "Hello, I'm", ar: "مرحبًا، أنا" },
  heroTitle: {
    en: "I build fast, friendly websites that grow your business",
    ar: "أبني مواقع سريعة وسهلة الاستخدام تُنمّي عملك",
  },
  heroSubtitle: { en: "Freelance Web Developer", ar: "مطوّر ويب مستقل" },
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
  servicesOverview: [
    {
      title: { en: "Web Development", ar: "تطوير الويب" },
      text: {
        en: "Fast, secure and accessible websites and web applications built with modern tools.",
        ar: "مواقع وتطبيقات ويب سريعة وآمنة وسهلة الوصول مبنية بأحدث الأدوات.",
      },
    },
    {
      title: { en: "UI/UX Design", ar: "تصميم واجهات وتجربة المستخدم" },
      text: {
        en: "Clear, friendly interfaces designed around the people who use them.",
        ar: "واجهات واضحة وودودة مصممة حول الأشخاص الذين يستخدمونها.",
      },
    },
    {
      title: { en: "Digital Marketing", ar: "التسويق الرقمي" },
      text: {
        en: "Search visibility and campaigns that bring the right visitors to your site.",
        ar: "ظهور في محركات البحث وحملات تجلب الزوار المناسبين إلى موقعك.",
      },
    },
  ],
  services: [
    {
      title: { en: "Web Application Development", ar: "تطوير تطبيقات الويب" },
      text: {
        en: "Complete web applications, from database to interface, built to grow with your business.",
        ar: "تطبيقات ويب متكاملة، من قاعدة البيانات إلى الواجهة، تنمو مع عملك.",
      },
    },
    {
      title: { en: "UI/UX Design", ar: "تصميم واجهات وتجربة المستخدم" },
      text: {
        en: "Research, wireframes and polished designs that make your product easy to use.",
        ar: "بحث ونماذج أولية وتصاميم متقنة تجعل منتجك سهل الاستخدام.",
      },
    },
    {
      title: { en: "Frontend Development", ar: "تطوير الواجهات الأمامية" },
      text: {
        en: "Responsive, accessible interfaces with React that load fast on every device.",
        ar: "واجهات متجاوبة وسهلة الوصول بـ React تُحمَّل بسرعة على كل جهاز.",
      },
    },
    {
      title: { en: "Backend Development", ar: "تطوير الأنظمة الخلفية" },
      text: {
        en: "Reliable APIs, databases and integrations with Node.js.",
        ar: "واجهات برمجية وقواعد بيانات وتكاملات موثوقة بـ Node.js.",
      },
    },
    {
      title: { en: "SEO", ar: "تحسين محركات البحث" },
      text: {
        en: "Technical SEO and content structure that help people find you.",
        ar: "تحسين تقني وهيكلة للمحتوى تساعد الناس على العثور عليك.",
      },
    },
    {
      title: { en: "Basic Digital Marketing", ar: "أساسيات التسويق الرقمي" },
      text: {
        en: "Social media presence, analytics and campaigns to reach your audience.",
        ar: "حضور على وسائل التواصل وتحليلات وحملات للوصول إلى جمهورك.",
      },
    },
  ],
  whyText: {
    en: "I work as a partner in your project, not just a pair of hands. Every engagement is built on:",
    ar: "أعمل شريكًا في مشروعك، لا مجرد منفّذ. كل تعاون يقوم على:",
  },
  whyBullets: [
    { en: "A personalized and collaborative approach", ar: "أسلوب شخصي قائم على التعاون" },
    { en: "Commitment to quality and deadlines", ar: "الالتزام بالجودة والمواعيد" },
    { en: "Modern technologies and best practices", ar: "تقنيات حديثة وأفضل الممارسات" },
    { en: "Ongoing support after launch", ar: "دعم مستمر بعد الإطلاق" },
  ],
  portrait: {
    url: "/images/portrait.webp",
    alt: { en: "Portrait of Mohamed Hassan", ar: "صورة محمد حسن" },
  },
  aboutImage: {
    url: "/images/about.webp",
    alt: { en: "A developer's desk with a monitor full of code", ar: "مكتب مطوّر عليه شاشة مليئة بالشيفرة" },
  },
  timeZone: "Africa/Cairo",
  emailLanguage: "en",
  arabicRegion: "egypt",
  countVisits: true,
  // Not editable in the admin: the drawn images shipped with the site.
  portraitSmall: "/images/portrait-320.webp",
  aboutImageSmall: "/images/about-800.webp",
  projectFallbackImage: "/images/project-fallback.webp",
  shareImage: "/images/og-default.png",
} satisfies SiteConfig;
