import { describe, it } from 'vitest';
import { CHAT_TEXTS } from '@panda/contracts/chat';
import { spec } from '../shared/given-when-then';
import { messageDecider, type ChatEvent, type SendMessage } from './decider';

const M = 'm-1';
const MENTOR = 'mentor-1';
const STUDENT = 'student-1';
const image = { hash: 'a'.repeat(64), content_type: 'image/jpeg' as const, size: 1234, width: 800, height: 600 };

const send = (over: Partial<SendMessage> = {}): SendMessage => ({
  type: 'SendMessage',
  messageId: M,
  senderId: MENTOR,
  senderRole: 'mentor',
  receiverId: STUDENT,
  chatType: null,
  contactChatType: 'mentor_student',
  messageType: 'text',
  text: '  Hello  ',
  image: null,
  imageFilename: null,
  receiverInConversation: false,
  ...over,
});
const sent = (over: Partial<Extract<ChatEvent, { type: 'MessageSent' }>['data']> = {}): ChatEvent => ({
  type: 'MessageSent',
  data: {
    messageId: M,
    senderId: MENTOR,
    receiverId: STUDENT,
    chatType: 'mentor_student',
    messageType: 'text',
    text: 'Hello',
    image: null,
    imageFilename: null,
    receiverInConversation: false,
    ...over,
  },
});
const read: ChatEvent = { type: 'MessageRead', data: { messageId: M, senderId: MENTOR, receiverId: STUDENT } };

describe('chat message decider', () => {
  it('sends a trimmed text message to a contact, with the chat type of the contact', () => {
    spec(messageDecider).given([]).when(send()).then([sent()]);
    spec(messageDecider)
      .given([])
      .when(send({ chatType: 'mentor_student', receiverInConversation: true }))
      .then([sent({ receiverInConversation: true })]);
  });

  it('refuses a receiver who is not a contact, and oneself', () => {
    spec(messageDecider)
      .given([])
      .when(send({ contactChatType: null }))
      .thenThrows(403, CHAT_TEXTS.notContact);
    spec(messageDecider)
      .given([])
      .when(send({ receiverId: MENTOR }))
      .thenThrows(403, CHAT_TEXTS.notContact);
  });

  it('refuses a chat type that is not the contact’s', () => {
    spec(messageDecider)
      .given([])
      .when(send({ chatType: 'training_centre_student' }))
      .thenThrows(400, CHAT_TEXTS.chatTypeMismatch);
  });

  it('refuses blank text and text over the limit', () => {
    spec(messageDecider)
      .given([])
      .when(send({ text: '   \n ' }))
      .thenThrows(400, CHAT_TEXTS.empty);
    spec(messageDecider)
      .given([])
      .when(send({ text: 'x'.repeat(5001) }))
      .thenThrows(400, CHAT_TEXTS.tooLong);
  });

  it('sends an image (stored reference, caption may be blank) for a mentor and a student', () => {
    const img = sent({ messageType: 'image', text: '', image, imageFilename: 'card.jpg' });
    spec(messageDecider)
      .given([])
      .when(send({ messageType: 'image', text: ' ', image, imageFilename: ' card.jpg ' }))
      .then([img]);
    const fromStudent = sent({
      senderId: STUDENT,
      receiverId: MENTOR,
      messageType: 'image',
      text: 'look',
      image,
      imageFilename: 'image',
    });
    spec(messageDecider)
      .given([])
      .when(
        send({
          senderId: STUDENT,
          senderRole: 'student',
          receiverId: MENTOR,
          messageType: 'image',
          text: 'look',
          image,
        }),
      )
      .then([fromStudent]);
  });

  it('refuses images from a training centre (spec §5)', () => {
    spec(messageDecider)
      .given([])
      .when(
        send({
          senderId: 'centre-1',
          senderRole: 'training_centre',
          contactChatType: 'training_centre_student',
          messageType: 'image',
          image,
        }),
      )
      .thenThrows(403, CHAT_TEXTS.imageRole);
  });

  it('refuses an image message without an image, of another type or over 10 MB (the spec texts)', () => {
    spec(messageDecider)
      .given([])
      .when(send({ messageType: 'image', image: null }))
      .thenThrows(400, CHAT_TEXTS.imageMissing);
    const gif = { ...image, content_type: 'image/gif' } as unknown as typeof image;
    spec(messageDecider)
      .given([])
      .when(send({ messageType: 'image', image: gif }))
      .thenThrows(400, 'Please select a valid image file (JPEG, PNG, or WEBP)');
    spec(messageDecider)
      .given([])
      .when(send({ messageType: 'image', image: { ...image, size: 10_485_761 } }))
      .thenThrows(400, 'Image size must be less than 10MB');
  });

  it('never sends the same message twice', () => {
    spec(messageDecider).given([sent()]).when(send()).thenThrows(409);
  });

  it('the receiver reads a message once; reading it again records nothing', () => {
    spec(messageDecider)
      .given([sent()])
      .when({ type: 'MarkMessageRead', messageId: M, readerId: STUDENT })
      .then([read]);
    spec(messageDecider)
      .given([sent(), read])
      .when({ type: 'MarkMessageRead', messageId: M, readerId: STUDENT })
      .then([]);
  });

  it('the sender cannot mark their own message read (403); anyone else is told it does not exist (404)', () => {
    spec(messageDecider)
      .given([sent()])
      .when({ type: 'MarkMessageRead', messageId: M, readerId: MENTOR })
      .thenThrows(403, CHAT_TEXTS.notReceiver);
    spec(messageDecider)
      .given([sent()])
      .when({ type: 'MarkMessageRead', messageId: M, readerId: 'stranger' })
      .thenThrows(404, CHAT_TEXTS.notFound);
    spec(messageDecider)
      .given([])
      .when({ type: 'MarkMessageRead', messageId: M, readerId: STUDENT })
      .thenThrows(404, CHAT_TEXTS.notFound);
  });
});
