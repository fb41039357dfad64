/**
 * Questions that need a yes before something irreversible happens. Any code,
 * component or not, awaits `askToConfirm(...)`; one dialog host shows the
 * question. The browser's own `confirm()` is never used: it blocks the page,
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

type ConfirmState = {
  pending: PendingQuestion | null;
  /** True once any question was asked: the dialog host loads then, not before. */
  used: boolean;
};

export const useConfirmStore = create<ConfirmState>(() => ({ pending: null, used: false }));

export function askToConfirm(question: ConfirmQuestion): Promise<boolean> {
  // A new question replaces an unanswered one, which counts as a no.
  useConfirmStore.getState().pending?.answer(false);
  return new Promise((resolve) => {
    const answer = (confirmed: boolean) => {
      useConfirmStore.setState({ pending: null });
      resolve(confirmed);
    };
    useConfirmStore.setState({ pending: { ...question, answer }, used: true });
  });
}
