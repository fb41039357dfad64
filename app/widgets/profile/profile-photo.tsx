/**
 * The profile photo: the avatar (the photo, or the initial when there is none
 * or it cannot load) and the Change photo control, which checks the file on
 * the device, uploads it, and saves its address with the profile.update
 * mutation so it syncs like every profile change.
 */
import { useId, useState } from 'react';
import { avatarInitial } from '../../../sync/entities/user-display';
import type { User } from '../../../sync/entities/user';
import { cn } from '../../lib/cn';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { ImageFileButton, useImageUpload } from './use-image-upload';

const SIZES = {
  md: 'h-12 w-12 text-lg',
  lg: 'h-16 w-16 text-2xl',
} as const;

/** The user's photo, or their initial on the brand colour when there is no photo or it cannot be loaded (offline, removed). */
export function ProfileAvatar({
  user,
  size = 'lg',
  src,
  className,
}: {
  user: Pick<User, 'firstName' | 'email' | 'profileImageUrl'>;
  size?: keyof typeof SIZES;
  /** Shown instead of the saved photo, e.g. the local copy while it uploads. */
  src?: string | null;
  className?: string;
}) {
  const url = src ?? user.profileImageUrl;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl) {
    return <img src={url} alt="Profile photo" onError={() => setFailedUrl(url)} className={cn('shrink-0 rounded-full bg-stone-100 object-cover', SIZES[size], className)} />;
  }
  return (
    <span aria-hidden className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white', SIZES[size], className)}>
      {avatarInitial(user)}
    </span>
  );
}

/** The avatar with a Change photo control underneath it (column) or beside it (row). */
export function ProfilePhoto({ user, size = 'lg', layout = 'column', className }: { user: User; size?: keyof typeof SIZES; layout?: 'column' | 'row'; className?: string }) {
  const inputId = useId();
  const { uploading, preview, choose } = useImageUpload(async (url) => {
    await mutate({ name: 'profile.update', args: { profileImageUrl: url } });
    toast({ title: 'Image uploaded successfully', variant: 'success' });
  });

  return (
    <div className={cn('flex items-center', layout === 'column' ? 'flex-col gap-2' : 'flex-row gap-3', className)}>
      <div className="relative" aria-busy={uploading}>
        <ProfileAvatar user={user} size={size} src={preview} />
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40">
            <span className="h-6 w-6 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
          </span>
        )}
      </div>
      <div>
        <ImageFileButton id={inputId} uploading={uploading} onChoose={(event) => void choose(event)}>
          {uploading ? 'Uploading…' : 'Change photo'}
        </ImageFileButton>
      </div>
    </div>
  );
}
