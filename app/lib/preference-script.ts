import { PREFERENCE_COOKIE_MAX_AGE } from "#core/preferences.ts";

// Runs in <head> before the first paint. The theme: the server rendered the cookie's; when localStorage (where
// docs/product.md §3.8 keeps it) says otherwise, it wins, before paint, and the cookie is rewritten. The language
// comes from the address (docs/product.md §16): the saved choice is mirrored into the cookie, and only the
// English home page takes a visitor who chose Arabic to /ar (the server does the same from the cookie; this
// covers a cookie the browser dropped). Values that are not valid are replaced by what the server rendered.
export const preferenceScript = `(function(){try{
var d=document.documentElement,s=localStorage,c=';path=/;max-age=${PREFERENCE_COOKIE_MAX_AGE};samesite=lax';
var t=s.getItem('theme'),l=s.getItem('language');
if(t==='dark'||t==='light'){d.classList.toggle('dark',t==='dark');d.style.colorScheme=t;document.cookie='theme='+t+c;}
else{s.setItem('theme',d.classList.contains('dark')?'dark':'light');}
if(l==='en'||l==='ar'){document.cookie='language='+l+c;
if(l==='ar'&&location.pathname==='/'){location.replace('/ar'+location.search+location.hash);}}
else if(l!==null){s.removeItem('language');}
}catch(e){}})();`;
