import type { ConversationDto, Language } from '@khidma/contracts';
import { localized } from '@khidma/web-kit';

/** Who the caller talks to in a conversation (for an admin: both parties). */
export function counterpartName(conversation: ConversationDto, language: Language): string {
  const provider = localized(language, conversation.provider.name, conversation.provider.nameAr);
  if (conversation.mySide === 'client') return provider;
  if (conversation.mySide === 'provider') return conversation.client.name;
  return `${conversation.client.name} · ${provider}`;
}
