import type {
  ChatContact,
  MarkConversationReadResponse,
  Message,
  PostMessageRequest,
  SendMessageRequest,
  SendMessageResponse,
} from '@panda/contracts/chat';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import { loadedTags, loadMorePages, pageSearch, toPage, type LoadedPages, type Page } from '../../../lib/paging';
import type { RootState } from '../../../lib/root-reducer';

/**
 * Chat (contracts/src/chat.ts; spec §7 "Messages and chat"). Contacts and conversations are RTK
 * Query lists. WebSocket frames (new_message, message_sent, message_read, user_status) patch these
 * caches in place (src/features/chat/hooks/use-chat-live.ts); a `changed` push for the chat
 * collections invalidates their LIST tags as a backstop, and while the socket is down the open
 * screens poll every 2 s.
 */

/** Contacts a page (docs/rules.md#list-paging: at most 200); "Load more" asks for the next page with the answer's cursor. */
export const CONTACTS_LIMIT = 200;
/** Messages of a conversation loaded by the Messages view (newest ones). */
export const CONVERSATION_LIMIT = 100;

export interface ConversationArgs {
  /** The contact's account id. */
  with: string;
  limit: number;
}

/**
 * The read-model collections the chat answers come from (the `changed` push names them):
 * conversations read `chat_messages`, the contact list (last message, unread count) `chat_threads`.
 */
const TAGS = ['chat_messages', 'chat_threads'] as const;

export const chatApi = api.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** The contact list, most recent conversation first, a page at a time (every loaded page is kept). */
    chatContacts: build.infiniteQuery<Page<ChatContact>, void, string | null>({
      infiniteQueryOptions: loadMorePages,
      query: ({ pageParam }) => `/chat-contacts${pageSearch({ limit: CONTACTS_LIMIT, cursor: pageParam })}`,
      transformResponse: (items: ChatContact[], meta) => toPage(items, meta),
      providesTags: (data) => loadedTags('chat_threads', data),
    }),
    /** The conversation with one contact, OLDEST FIRST (the API answers newest first). */
    conversation: build.query<Message[], ConversationArgs>({
      query: (args) => `/messages?with=${encodeURIComponent(args.with)}&limit=${args.limit}`,
      transformResponse: (page: Message[]) => [...page].reverse(),
      providesTags: (_items, _error, args) => [
        { type: 'chat_messages', id: 'LIST' },
        { type: 'chat_messages', id: args.with },
      ],
    }),
    /** POST /api/send-message: text or image, while the socket is down (HTTP fallback). */
    sendChatMessage: build.mutation<SendMessageResponse, SendMessageRequest>({
      query: (body) => ({ url: '/send-message', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(upsertMessage(data.message));
      },
    }),
    /** POST /api/messages: the centre's Send Message dialog. */
    postMessage: build.mutation<SendMessageResponse, PostMessageRequest>({
      query: (body) => ({ url: '/messages', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(upsertMessage(data.message));
      },
    }),
    /** PATCH /api/chat-contacts/{id}/read: every unread message from that contact is read (the read receipts). */
    markConversationRead: build.mutation<MarkConversationReadResponse, string>({
      query: (contactId) => ({ url: `/chat-contacts/${encodeURIComponent(contactId)}/read`, method: 'PATCH' }),
      async onQueryStarted(contactId, { dispatch, getState, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!ok) return;
        const me = (getState() as RootState).session.user?.id;
        const readAt = new Date().toISOString();
        dispatch(
          patchConversations(contactId, (list) => {
            for (const m of list)
              if (m.Sender_ID === contactId && m.Receiver_ID === me && !m.Read)
                Object.assign(m, { Read: true, Read_At: readAt });
          }),
        );
        dispatch(
          patchContacts((pages) => {
            const c = findContact(pages, contactId);
            if (c) c.unread_count = 0;
          }),
        );
      },
    }),
  }),
});

export const {
  useChatContactsInfiniteQuery,
  useConversationQuery,
  useSendChatMessageMutation,
  usePostMessageMutation,
  useMarkConversationReadMutation,
} = chatApi;

type Thunk = ThunkAction<void, RootState, unknown, UnknownAction>;

/** Applies `recipe` to the loaded contacts, each page's list in turn (the first page first). */
const patchContacts = (recipe: (pages: ChatContact[][]) => void) =>
  chatApi.util.updateQueryData('chatContacts', undefined, (data: LoadedPages<ChatContact>) =>
    recipe(data.pages.map((p) => p.items)),
  );
/** The loaded contact with this id, wherever it is. */
const findContact = (pages: ChatContact[][], id: string) => pages.flat().find((c) => c.id === id);

/** Applies `recipe` to every cached conversation with `contactId` (the Messages view's and the student detail's). */
export function patchConversations(contactId: string, recipe: (list: Message[]) => void): Thunk {
  return (dispatch, getState) => {
    for (const args of chatApi.util.selectCachedArgsForQuery(getState(), 'conversation')) {
      if (args.with === contactId) dispatch(chatApi.util.updateQueryData('conversation', args, recipe));
    }
  };
}

/** The other party of a message, seen by `me`. */
export function contactOf(message: Pick<Message, 'Sender_ID' | 'Receiver_ID'>, me: string | undefined): string {
  return message.Sender_ID === me ? message.Receiver_ID : message.Sender_ID;
}

/**
 * Puts a stored message into the caches (once, by id): its conversation, and its contact's last
 * message and unread count (an unread message from the contact counts once).
 */
export function upsertMessage(message: Message): Thunk {
  return (dispatch, getState) => {
    const me = getState().session.user?.id;
    const contactId = contactOf(message, me);
    let isNew = true;
    dispatch(
      patchConversations(contactId, (list) => {
        const at = list.findIndex((m) => m.id === message.id);
        if (at >= 0) {
          isNew = false;
          list[at] = message;
        } else {
          list.push(message);
          list.sort((a, b) => a.Created_At.localeCompare(b.Created_At));
        }
      }),
    );
    dispatch(
      patchContacts((pages) => {
        const from = pages.find((p) => p.some((c) => c.id === contactId));
        if (!from) return;
        const at = from.findIndex((c) => c.id === contactId);
        const contact = from[at];
        if (contact.last_message?.id !== message.id && isNew && message.Sender_ID === contactId && !message.Read)
          contact.unread_count += 1;
        if (!contact.last_message || contact.last_message.Created_At <= message.Created_At)
          contact.last_message = message;
        // The most recent conversation first, as the API orders them: to the top of the first page.
        from.splice(at, 1);
        pages[0].unshift(contact);
      }),
    );
  };
}

/** A read receipt (`message_read`): the sender's copy shows Read. */
export function receiptReceived(receipt: {
  id: string;
  Sender_ID: string;
  Receiver_ID: string;
  Read_At: string;
}): Thunk {
  return (dispatch, getState) => {
    const me = getState().session.user?.id;
    const contactId = contactOf(receipt, me);
    dispatch(
      patchConversations(contactId, (list) => {
        const m = list.find((x) => x.id === receipt.id);
        if (m) Object.assign(m, { Read: true, Read_At: receipt.Read_At });
      }),
    );
    dispatch(
      patchContacts((pages) => {
        const c = findContact(pages, contactId);
        if (!c) return;
        if (c.last_message?.id === receipt.id) Object.assign(c.last_message, { Read: true, Read_At: receipt.Read_At });
        // The reader's other tabs: a message they read elsewhere no longer counts as unread here.
        if (receipt.Receiver_ID === me && c.unread_count > 0) c.unread_count -= 1;
      }),
    );
  };
}

/** `user_status`: the contact's online dot. */
export function presenceChanged(userId: string, online: boolean): Thunk {
  return (dispatch) => {
    dispatch(
      patchContacts((pages) => {
        const c = findContact(pages, userId);
        if (c) c.online = online;
      }),
    );
  };
}
