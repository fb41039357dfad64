/** The frame of every signed-in page: a skip link, the top bar, a seller's plan warnings, a reminder to confirm the email, the suggestion to turn on notifications, the page, the host of confirmation questions, and the app badge. */
import { useAppBadge } from '../../lib/push/app-badge';
import { Outlet } from '../../lib/router';
import { ConfirmEmailReminder } from '../account/confirm-email-reminder';
import { StandingBanner } from '../billing/standing-banner';
import { ConfirmDialogHost } from '../../components/ui/confirm-dialog';
import { TooltipProvider } from '../../components/ui/tooltip';
import { PushSuggestion } from './push-suggestion';
import { TopNav, type TopBarParts } from './top-nav';

/** Its own component, so a change of the count redraws nothing else. */
function AppBadge() {
  useAppBadge();
  return null;
}

export function AppLayout({ topBar }: { topBar: TopBarParts }) {
  // Tooltips live in the signed-in frame only, so public pages do not load their positioning library.
  return (
    <TooltipProvider>
      <a href="#main-content" className="sr-only z-50 rounded bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <TopNav {...topBar} />
      <StandingBanner />
      <ConfirmEmailReminder />
      <PushSuggestion />
      <Outlet />
      {/* Questions are asked only on signed-in pages; part of their frame, the host is there offline too. */}
      <ConfirmDialogHost />
      <AppBadge />
    </TooltipProvider>
  );
}
