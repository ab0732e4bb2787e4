import type { ChatContact } from '@panda/contracts/chat';
import { CHAT_TEXTS } from '@panda/contracts/chat-texts';
import type { LiveStatus } from '../../../lib/live';

/** Spec §4 and §9: the typing indicator stops after 2 s without a keystroke; polling every 2 s while the socket is down. */
export const TYPING_IDLE_MS = 2_000;
export const POLLING_INTERVAL_MS = 2_000;
/** A contact's "typing..." goes away on its own if their stop never arrives (they closed the tab). */
export const TYPING_SHOWN_MAX_MS = 6_000;
/** Spec §9: the largest chat image before compression, and the compressed width. */
export const CHAT_IMAGE_MAX_WIDTH = 800;
export const CHAT_IMAGE_QUALITY = 0.8;

/** Spec §8 banners, word for word: one per connection state but connected. */
export const CONNECTION_BANNERS: Record<Exclude<LiveStatus, 'connected'>, string> = {
  connecting: 'Connecting to chat...',
  reconnecting: 'Reconnecting...',
  error: 'Connection error. Messages may be delayed.',
  disconnected: 'Disconnected. Trying to reconnect...',
};

export const CONNECTION_LABELS: Record<LiveStatus, string> = {
  connected: 'Connected',
  connecting: 'Connecting',
  reconnecting: 'Reconnecting',
  error: 'Connection error',
  disconnected: 'Disconnected',
};

const ROLE_NAMES: Record<ChatContact['role'], string> = {
  student: 'Student',
  mentor: 'Mentor',
  training_centre: 'Training Centre',
};

export function contactRoleName(role: ChatContact['role']): string {
  return ROLE_NAMES[role] ?? role;
}

export function contactInitial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** Spec §5: the image types a chat image may have (JPEG, JPG, PNG, WEBP). */
export const CHAT_IMAGE_MIME = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

export const IMAGE_TEXTS = {
  type: CHAT_TEXTS.imageType,
  size: CHAT_TEXTS.imageSize,
  processing: 'Error processing image. Please try again.',
  failedToLoad: 'Image failed to load',
} as const;

/** The compressed file's name: the original name with a .jpg extension (it is a JPEG now). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'image';
  return `${base}.jpg`;
}
