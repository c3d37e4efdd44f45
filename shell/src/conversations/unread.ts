import { useEffect } from 'react';
import { create } from 'zustand';
import { onConversationChanged, useNotificationSync, useSession } from '@khidma/web-kit';
import { conversationsApi } from './api';

/** Unread chat messages of the signed-in user in all conversations (the header's Messages badge). */
export const useConversationUnread = create<{ unreadCount: number }>()(() => ({ unreadCount: 0 }));

export async function refreshConversationUnread(): Promise<void> {
  try {
    useConversationUnread.setState(await conversationsApi.unread());
  } catch {
    // The badge is a hint; the inbox shows the truth.
  }
}

/** Keeps the count current: now, and whenever the notification stream says a conversation changed. */
export function useConversationUnreadSync(): void {
  useNotificationSync();
  const userId = useSession((s) => s.user?.id);
  useEffect(() => {
    if (!userId) {
      useConversationUnread.setState({ unreadCount: 0 });
      return;
    }
    void refreshConversationUnread();
    return onConversationChanged(() => void refreshConversationUnread());
  }, [userId]);
}
