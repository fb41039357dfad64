/**
 * Choosing a picture for the profile (the photo or the menu cover): checked on the device, refused offline, uploaded,
 * then handed to `save`; a local preview shows while it uploads. One control, so both pickers fail and recover alike.
 */
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { AppError } from '../../../sync/contract/errors';
import { cn } from '../../lib/cn';
import { isOnline } from '../../lib/connectivity';
import { toast } from '../../lib/toast-store';
import { buttonClasses } from '../../components/ui/button';
import { checkProfileImage, ProfileImageUploadError, UPLOAD_FAILED_MESSAGE, UPLOAD_NEEDS_CONNECTION_MESSAGE, uploadProfileImage } from './profile-image';

const LOGIN_REDIRECT_DELAY_MS = 500;

function reportUploadFailure(error: unknown) {
  if (error instanceof ProfileImageUploadError && error.status === 401) {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    setTimeout(() => {
      window.location.href = '/api/login';
    }, LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  const message = error instanceof ProfileImageUploadError || error instanceof AppError ? error.message : UPLOAD_FAILED_MESSAGE;
  toast({ title: 'Error', description: message, variant: 'destructive' });
}

export function useImageUpload(save: (address: string) => Promise<void> | void) {
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again must run the checks again.
    input.value = '';
    if (!file) return;
    const problem = checkProfileImage(file) ?? (isOnline() ? null : UPLOAD_NEEDS_CONNECTION_MESSAGE);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    setUploading(true);
    setPreview(URL.createObjectURL(file));
    try {
      await save(await uploadProfileImage(file));
    } catch (error) {
      reportUploadFailure(error);
    } finally {
      setUploading(false);
      setPreview(null);
    }
  }

  return { uploading, preview, choose };
}

/** The file input, hidden, behind a label that looks and focuses like an outline button. */
export function ImageFileButton({
  id,
  uploading,
  onChoose,
  children,
}: {
  id: string;
  uploading: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  return (
    <>
      <input id={id} type="file" accept="image/*" disabled={uploading} onChange={onChoose} className="peer sr-only" />
      <label
        htmlFor={id}
        className={buttonClasses(
          'outline',
          'sm',
          cn('cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2', uploading && 'pointer-events-none opacity-70'),
        )}
      >
        {children}
      </label>
    </>
  );
}
