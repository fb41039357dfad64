import { conversationKey, type Inquiry } from '../../../sync/entities/inquiry';
import { isUnread } from './unread';

/**
 * Everything one buyer and one seller said about one menu: its messages and
 * order requests, oldest first, as one conversation.
 */
export type Conversation = {
  key: string;
  inquiries: Inquiry[];
  /** The newest inquiry: a reply goes to it. */
  latest: Inquiry;
  updatedAt: string;
  unread: boolean;
};

/** The user's conversations, most recently active first. */
export function groupConversations(inquiries: Iterable<Inquiry>, userId: string): Conversation[] {
  const groups = new Map<string, Inquiry[]>();
  for (const inquiry of inquiries) {
    const key = conversationKey(inquiry);
    groups.set(key, [...(groups.get(key) ?? []), inquiry]);
  }
  return [...groups]
    .map(([key, members]) => {
      const oldestFirst = members.toSorted((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      const latest = oldestFirst.at(-1)!;
      return {
        key,
        inquiries: oldestFirst,
        latest,
        updatedAt: members.reduce((newest, inquiry) => (inquiry.updatedAt > newest ? inquiry.updatedAt : newest), latest.updatedAt),
        unread: members.some((inquiry) => isUnread(inquiry, userId)),
      };
    })
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** The last thing said in the conversation, whichever of its inquiries it belongs to. */
export function lastMessage(conversation: Conversation): Inquiry['messages'][number] | undefined {
  return conversation.inquiries
    .flatMap((inquiry) => inquiry.messages)
    .reduce<Inquiry['messages'][number] | undefined>((last, message) => (!last || message.createdAt >= last.createdAt ? message : last), undefined);
}
