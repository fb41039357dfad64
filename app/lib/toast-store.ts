/** Toasts: one at a time (a new one replaces the one showing). */
import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';
export type ToastMessage = { id: number; title: string; description?: string; variant: ToastVariant };

type ToastState = {
  current: ToastMessage | null;
  /** True once any toast was shown: the toast region loads then, not before. */
  used: boolean;
  show(toast: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastVariant }): void;
  dismiss(id: number): void;
};

let nextId = 1;

export const useToasts = create<ToastState>((set) => ({
  current: null,
  used: false,
  show: (toast) => set({ current: { variant: 'default', ...toast, id: nextId++ }, used: true }),
  dismiss: (id) => set((state) => (state.current?.id === id ? { current: null } : state)),
}));

export function toast(message: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastVariant }): void {
  useToasts.getState().show(message);
}
