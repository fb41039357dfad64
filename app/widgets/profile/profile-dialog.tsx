/**
 * The Update Profile dialog of the dashboards: the same fields as the profile page, the email locked, since a new
 * address needs the current password, which the profile page asks for (docs/product-rules.md's Accounts).
 */
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useSession } from '../../lib/session-store';
import { ProfileFields, useProfileForm } from './profile-form';
import { ProfilePhoto } from './profile-photo';

export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useSession((state) => state.user)!;
  const { formRef, ...form } = useProfileForm(user, { includeEmail: false });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Update Profile" className="max-w-2xl">
      <form
        ref={formRef}
        noValidate
        className="grid grid-cols-1 gap-4"
        onSubmit={async (event) => {
          if (await form.save(event)) onOpenChange(false);
        }}
      >
        <ProfilePhoto user={user} size="md" layout="row" />
        <ProfileFields form={form} editing emailDisabled idPrefix="profile-dialog" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Dialog>
  );
}
