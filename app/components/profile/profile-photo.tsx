/**
 * The profile photo: the avatar (the photo, or the initial when there is none
 * or it cannot load) and the Change photo control, which checks the file on
 * the device, uploads it, and saves its address with the profile.update
 * mutation so it syncs like every profile change.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { avatarInitial } from '../../../sync/entities/user-display';
import type { User } from '../../../sync/entities/user';
import { AppError } from '../../../sync/errors';
import { buttonClasses } from '../ui/button';
import { cn } from '../../lib/cn';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { isOnline } from '../../lib/connectivity';
import {
  checkProfileImage,
  ProfileImageUploadError,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_NEEDS_CONNECTION_MESSAGE,
  uploadProfileImage,
} from './profile-image';

const LOGIN_REDIRECT_DELAY_MS = 500;

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
    return (
      <img
        src={url}
        alt="Profile photo"
        onError={() => setFailedUrl(url)}
        className={cn('shrink-0 rounded-full bg-stone-100 object-cover', SIZES[size], className)}
      />
    );
  }
  return (
    <span aria-hidden className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white', SIZES[size], className)}>
      {avatarInitial(user)}
    </span>
  );
}

/** The avatar with a Change photo control underneath it (column) or beside it (row). */
export function ProfilePhoto({
  user,
  size = 'lg',
  layout = 'column',
  className,
}: {
  user: User;
  size?: keyof typeof SIZES;
  layout?: 'column' | 'row';
  className?: string;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again must run the checks again.
    input.value = '';
    if (!file) return;
    const problem = checkProfileImage(file);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    if (!isOnline()) {
      toast({ title: 'Error', description: UPLOAD_NEEDS_CONNECTION_MESSAGE, variant: 'destructive' });
      return;
    }
    setUploading(true);
    setPreview(URL.createObjectURL(file));
    try {
      const url = await uploadProfileImage(file);
      await mutate({ name: 'profile.update', args: { profileImageUrl: url } });
      toast({ title: 'Image uploaded successfully', variant: 'success' });
    } catch (error) {
      if (error instanceof ProfileImageUploadError && error.status === 401) {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
        setTimeout(() => {
          window.location.href = '/api/login';
        }, LOGIN_REDIRECT_DELAY_MS);
      } else {
        const message = error instanceof ProfileImageUploadError || error instanceof AppError ? error.message : UPLOAD_FAILED_MESSAGE;
        toast({ title: 'Error', description: message, variant: 'destructive' });
      }
    } finally {
      setUploading(false);
      setPreview(null);
    }
  }

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
        <input id={inputId} type="file" accept="image/*" disabled={uploading} onChange={(event) => void onChange(event)} className="peer sr-only" />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            'outline',
            'sm',
            cn(
              'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2',
              uploading && 'pointer-events-none opacity-70',
            ),
          )}
        >
          {uploading ? 'Uploading…' : 'Change photo'}
        </label>
      </div>
    </div>
  );
}
