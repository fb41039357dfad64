/**
 * Questions that need a yes before something irreversible happens. Any code,
 * component or not, awaits `askToConfirm(...)`; one dialog host, in the
 * signed-in pages' frame, shows the question. The browser's own `confirm()` is never used: it blocks the page,
 * cannot be styled and reads differently in every browser.
 */
import { create } from 'zustand';

export type ConfirmQuestion = {
  title: string;
  description: string;
  confirmLabel: string;
  /** Whether saying yes destroys or removes something (a red button). */
  destructive?: boolean;
};

type PendingQuestion = ConfirmQuestion & { answer(confirmed: boolean): void };

type ConfirmState = { pending: PendingQuestion | null };

export const useConfirmStore = create<ConfirmState>(() => ({ pending: null }));

export function askToConfirm(question: ConfirmQuestion): Promise<boolean> {
  // A new question replaces an unanswered one, which counts as a no.
  useConfirmStore.getState().pending?.answer(false);
  return new Promise((resolve) => {
    const answer = (confirmed: boolean) => {
      useConfirmStore.setState({ pending: null });
      resolve(confirmed);
    };
    useConfirmStore.setState({ pending: { ...question, answer } });
  });
}
