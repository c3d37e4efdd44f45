import { useEffect } from 'react';
import { BRAND_NAME } from '@khidma/contracts';
import { currentLanguage, i18n } from './i18n.js';

interface PageMeta {
  title: string;
  description?: string;
}

/** The metas of the pages on screen, innermost last: the last one names the tab. */
const mounted: PageMeta[] = [];
/** The page's own description as served (index.html), for when no page describes itself. */
let servedDescription: string | undefined;

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  servedDescription ??= tag.content;
  return tag;
}

/**
 * Writes the innermost page's title and description, or the product's name in the current language
 * when no page names itself (a page loading, one without a title of its own).
 */
function applyPageMeta(): void {
  const brand = BRAND_NAME[currentLanguage()];
  const innermost = mounted.at(-1);
  document.title = innermost ? `${innermost.title} · ${brand}` : brand;
  const tag = descriptionTag();
  tag.content = mounted.findLast((meta) => meta.description)?.description ?? servedDescription ?? '';
}

// A page without a title of its own follows the language too.
i18n.on('languageChanged', applyPageMeta);

/**
 * The tab title ("<title> · Khidma", in the page's language) and the meta description of the page on
 * screen: what search results and shared links show, and what a screen reader announces on navigation.
 * The page before it gets its own back when this one leaves, in the language of that moment.
 */
export function usePageMeta(title: string | undefined, description?: string): void {
  const language = currentLanguage();
  useEffect(() => {
    if (!title) return undefined;
    const meta: PageMeta = { title, description };
    mounted.push(meta);
    applyPageMeta();
    return () => {
      mounted.splice(mounted.indexOf(meta), 1);
      applyPageMeta();
    };
  }, [title, description, language]);
}
