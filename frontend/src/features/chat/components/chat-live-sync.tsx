import { useChatLiveSync } from '../hooks/use-chat-live';

/** Mounted once in the dashboard shell: keeps contacts and conversations live (see useChatLiveSync). */
export function ChatLiveSync() {
  useChatLiveSync();
  return null;
}
