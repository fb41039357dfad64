/**
 * The user's own profile: view, then Edit, Save or Cancel (which restores the
 * fields). The email is editable here: a new one asks for the current
 * password and waits, shown here, for the link sent to it. The photo changes
 * on its own, at once, with Change photo beside the avatar.
 */
import { useState } from 'react';
import { Link } from '../../lib/router';
import { dashboardPathFor, displayName } from '../../../sync/entities/user-display';
import { PageBody } from '../../components/page/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useSession } from '../../lib/session-store';
import { ProfileFields, useProfileForm } from '../../widgets/profile/profile-form';
import { ProfilePhoto } from '../../widgets/profile/profile-photo';
import { PendingEmailChangeNotice, usePendingEmailChange } from '../../widgets/account/pending-email-change';
import { useDocumentTitle } from '../../lib/document-title';
import { useTeamAllowances } from '../../lib/team-role';

export function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useSession((state) => state.user)!;
  const emailChange = usePendingEmailChange();
  const [editing, setEditing] = useState(false);
  const { seeBilling } = useTeamAllowances();
  const { formRef, ...form } = useProfileForm(user, { includeEmail: true, followUser: !editing, onEmailChangeStarted: emailChange.refresh });

  return (
    <PageBody>
      <Link to={dashboardPathFor(user.role)} className="text-sm font-medium text-brand-800 hover:underline">
        ← Back to dashboard
      </Link>
      <form
        ref={formRef}
        onSubmit={async (event) => {
          if (await form.save(event)) setEditing(false);
        }}
        noValidate
        className="grid grid-cols-1 gap-6"
      >
        <Card className="flex flex-wrap items-center gap-4 p-4">
          <ProfilePhoto user={user} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold">{displayName(user)}</h1>
            <p className="text-stone-600 capitalize">{user.role}</p>
            <div className="flex flex-wrap gap-x-4">
              {user.role !== 'admin' && (
                <Link to="/team" className="text-sm font-medium text-brand-800 hover:underline">
                  Team
                </Link>
              )}
              {user.role === 'seller' && seeBilling && (
                <Link to="/billing" className="text-sm font-medium text-brand-800 hover:underline">
                  Billing and plan
                </Link>
              )}
            </div>
          </div>
          <div className="flex gap-2">
            {editing ? (
              <>
                <Button
                  variant="outline"
                  onClick={() => {
                    form.reset();
                    setEditing(false);
                  }}
                >
                  Cancel
                </Button>
                <Button type="submit">Save</Button>
              </>
            ) : (
              <Button onClick={() => setEditing(true)}>Edit</Button>
            )}
          </div>
        </Card>
        <PendingEmailChangeNotice state={emailChange} showLookupProblem={false} />
        <ProfileFields form={form} editing={editing} emailDisabled={false} idPrefix="profile" />
      </form>
      <Link to="/profile/account" className="text-sm font-medium text-brand-800 hover:underline">
        Account settings: password, email, notifications, your data
      </Link>
    </PageBody>
  );
}
