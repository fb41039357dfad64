/**
 * The menu cover in the profile form: a picture chosen on the device,
 * checked and uploaded like the profile photo, whose address becomes the
 * form's value and is saved with the rest of the profile. Only an uploaded
 * picture can be a cover, so a public menu never loads another site's image.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { buttonClasses } from '../ui/button';
import { Field } from '../ui/form-controls';
import { cn } from '../../lib/cn';
import { isOnline } from '../../lib/connectivity';
import { toast } from '../../lib/toast-store';
import { checkProfileImage, ProfileImageUploadError, UPLOAD_FAILED_MESSAGE, UPLOAD_NEEDS_CONNECTION_MESSAGE, uploadProfileImage } from './profile-image';

export const MENU_COVER_LABEL = 'Menu cover image';

export function MenuCoverField({
  id,
  value,
  editing,
  error,
  onChange,
}: {
  id: string;
  /** The cover's address, '' for none. */
  value: string;
  editing: boolean;
  error?: string;
  onChange: (address: string) => void;
}) {
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
      onChange(await uploadProfileImage(file));
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof ProfileImageUploadError ? failure.message : UPLOAD_FAILED_MESSAGE, variant: 'destructive' });
    } finally {
      setUploading(false);
      setPreview(null);
    }
  }

  const shown = preview ?? value;
  return (
    <Field id={id} label={MENU_COVER_LABEL} error={error} hint="A wide picture (about 1200 × 300) shown across the top of your public menus.">
      <div className="grid gap-2" aria-busy={uploading}>
        {shown ? (
          <img src={shown} alt="Menu cover" width={1200} height={300} className="h-24 w-full rounded-md bg-stone-100 object-cover" />
        ) : (
          <p className="text-sm text-stone-600">No cover image.</p>
        )}
        {editing && (
          <div className="flex flex-wrap gap-2">
            <input id={id} type="file" accept="image/*" disabled={uploading} onChange={(event) => void choose(event)} className="peer sr-only" />
            <label
              htmlFor={id}
              className={buttonClasses(
                'outline',
                'sm',
                cn('cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2', uploading && 'pointer-events-none opacity-70'),
              )}
            >
              {uploading ? 'Uploading…' : value ? 'Change cover image' : 'Choose cover image'}
            </label>
            {value && !uploading && (
              <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => onChange('')}>
                Remove cover image
              </button>
            )}
          </div>
        )}
      </div>
    </Field>
  );
}
