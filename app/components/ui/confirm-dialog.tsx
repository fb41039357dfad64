/** Shows the question asked through `askToConfirm`, on Radix's alert dialog: focus starts on Cancel, Escape cancels. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useConfirmStore } from '../../lib/confirm-store';
import { buttonClasses } from './button';

export function ConfirmDialogHost() {
  const pending = useConfirmStore((state) => state.pending);
  return (
    <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && pending?.answer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">{pending?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-700">{pending?.description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(pending?.destructive ? 'destructive' : 'primary')} onClick={() => pending?.answer(true)}>
              {pending?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
