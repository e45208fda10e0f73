import { PREFERENCE_COOKIE_MAX_AGE } from "#core/preferences.ts";

// Runs in <head> before the first paint. The server already rendered the cookie's preferences; when
// localStorage (where docs/product.md §3.8 keeps them) says otherwise, it wins: the theme is fixed before paint and the
// cookie is rewritten; a different language reloads once so the server can render it. Values that are not
// valid are replaced by what the server rendered, which already fell back to the defaults.
export const preferenceScript = `(function(){try{
var d=document.documentElement,s=localStorage,c=';path=/;max-age=${PREFERENCE_COOKIE_MAX_AGE};samesite=lax';
var t=s.getItem('theme'),l=s.getItem('language');
if(t==='dark'||t==='light'){d.classList.toggle('dark',t==='dark');d.style.colorScheme=t;document.cookie='theme='+t+c;}
else{s.setItem('theme',d.classList.contains('dark')?'dark':'light');}
if(l==='en'||l==='ar'){document.cookie='language='+l+c;
if(l!==d.lang&&!sessionStorage.getItem('sira-language-sync')){sessionStorage.setItem('sira-language-sync','1');location.reload();}}
else{s.setItem('language',d.lang);}
}catch(e){}})();`;
