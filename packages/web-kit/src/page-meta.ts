import { useEffect } from 'react';
import { BRAND_NAME } from '@khidma/contracts';
import { currentLanguage } from './i18n.js';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * The tab title ("<title> · Khidma", in the page's language) and the meta description of the page on
 * screen: what search results and shared links show, and what a screen reader announces on navigation.
 * The page before it gets its own back when this one leaves.
 */
export function usePageMeta(title: string | undefined, description?: string): void {
  const language = currentLanguage();
  useEffect(() => {
    if (!title) return undefined;
    const tag = descriptionTag();
    const previous = { title: document.title, description: tag.content };
    document.title = `${title} · ${BRAND_NAME[language]}`;
    if (description) tag.content = description;
    return () => {
      document.title = previous.title;
      tag.content = previous.description;
    };
  }, [title, description, language]);
}
