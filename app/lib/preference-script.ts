import { PREFERENCE_COOKIE_MAX_AGE, THEME_COLORS } from "#core/preferences.ts";

// Runs in <head> before the first paint (decision 037). The theme is the browser's alone: the one saved in
// localStorage (docs/product.md §3.8), else the system's (prefers-color-scheme); dark sets the `dark` class before
// anything is painted, and the theme's colour goes into a theme-color element of the script's own, so the server
// sends every visitor of a page the same HTML. A saved value that is not a theme is forgotten. The language comes from the address (docs/product.md §16): the saved choice is
// mirrored into the cookie (the admin page and the API answer in it), and only the English home page takes a visitor
// who chose Arabic to /ar (the server does the same from the cookie; this covers a cookie the browser dropped).
export const preferenceScript = `(function(){
var d=document.documentElement,s,t,l;
try{s=localStorage;t=s.getItem('theme');l=s.getItem('language');}catch(e){}
if(t!=='dark'&&t!=='light'){if(s&&t!=null)s.removeItem('theme');t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';}
if(t==='dark')d.classList.add('dark');
var m=document.createElement('meta');m.name='theme-color';m.content=t==='dark'?'${THEME_COLORS.dark}':'${THEME_COLORS.light}';document.head.append(m);
if(l==='en'||l==='ar'){document.cookie='language='+l+';path=/;max-age=${PREFERENCE_COOKIE_MAX_AGE};samesite=lax';
if(l==='ar'&&location.pathname==='/'){location.replace('/ar'+location.search+location.hash);}}
else if(s&&l!=null){s.removeItem('language');}
})();`;
