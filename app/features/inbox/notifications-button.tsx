/**
 * The top bar's notifications: how many conversations have news, the latest ones, and the way to the inbox. An
 * admin, who has no inbox, still finds the button, with nothing waiting in it: every signed-in top bar has the same
 * parts.
 */
import * as Popover from '@radix-ui/react-popover';
import { useId } from 'react';
import { Link } from '../../lib/router';
import { buttonClasses } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { useReplica } from '../../lib/replica/use-replica';
import { useSession } from '../../lib/session-store';
import { useTeamId } from '../../lib/team-read';
import { groupConversations, lastMessage } from './conversations';
import { counterpartName } from './unread';

const LATEST = 5;

export function NotificationsButton() {
  const userId = useTeamId();
  const view = useReplica();
  const conversations = groupConversations(view?.inquiries.values() ?? [], userId);
  const unread = conversations.filter((conversation) => conversation.unread);
  const hasInbox = useSession((state) => state.user?.role !== 'admin');
  const titleId = useId();

  return (
    <Popover.Root>
      <Tooltip content="Notifications">
        <Popover.Trigger asChild>
          <button type="button" aria-label={unread.length ? `Notifications: ${unread.length} unread` : 'Notifications'} className={buttonClasses('ghost', 'icon', 'relative')}>
            <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
              <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
            </svg>
            {unread.length > 0 && (
              <span data-testid="unread-count" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold text-white">
                {unread.length}
              </span>
            )}
          </button>
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-lg"
        >
          <p id={titleId} className="font-semibold">
            Notifications
          </p>
          {conversations.length === 0 ? (
            <p className="mt-1 text-stone-600">You're all caught up.</p>
          ) : (
            <ul className="mt-2 grid gap-1">
              {conversations.slice(0, LATEST).map((conversation) => (
                <li key={conversation.key}>
                  <Popover.Close asChild>
                    <Link to={`/inbox?id=${conversation.latest.id}`} className="block rounded-md px-2 py-1.5 hover:bg-stone-100">
                      <span className={conversation.unread ? 'font-semibold' : ''}>{counterpartName(conversation.latest, userId)}</span>
                      <span className="block truncate text-stone-600">{lastMessage(conversation)?.body ?? conversation.latest.menuName}</span>
                    </Link>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          )}
          {hasInbox && (
            <Popover.Close asChild>
              <Link to="/inbox" className={buttonClasses('outline', 'sm', 'mt-3 w-full')}>
                Open inbox
              </Link>
            </Popover.Close>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
