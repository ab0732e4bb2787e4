/**
 * The chat's words and longest text (contracts/src/chat.ts re-exports them), as plain values with no
 * schema, so the web app's first screens can use them without loading zod
 * (docs/rules.md#light-first-screens).
 */

/** Longest chat text, in characters. */
export const CHAT_MESSAGE_MAX = 5000;

/** The spec's texts (§5, §8), word for word. */
export const CHAT_TEXTS = {
  empty: 'Please enter a message',
  tooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  imageType: 'Please select a valid image file (JPEG, PNG, or WEBP)',
  imageSize: 'Image size must be less than 10MB',
  imageRole: 'Only mentors and students can send images',
  imageMissing: 'Please select an image to send',
  notContact: 'You can only message your contacts',
  chatTypeMismatch: 'Chat type does not match this contact',
  notFound: 'Message not found',
  notReceiver: 'Only the receiver can mark a message as read',
  sent: 'Message sent successfully',
  sendFailed: 'Failed to send message',
  loadFailed: 'Failed to load messages',
  noContacts: 'No contacts available',
  noMessages: 'No messages yet.',
  /** Past the per-account limits (docs/rules.md#chat-limits). */
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment and try again.',
  tooManyImages: 'You have sent the most images allowed in an hour. Please try again later.',
  tooManyConnections: 'Too many open chat windows: close one and this one connects again.',
} as const;
