/**
 * Live upload progress by photo id (0 to 1), in memory: it changes many times
 * a second, which IndexedDB need not see. A reload restarts an upload anyway.
 */
import { create } from 'zustand';

type UploadProgressState = {
  progress: Record<string, number>;
  set(id: string, fraction: number): void;
  clear(id: string): void;
};

export const useUploadProgress = create<UploadProgressState>((set) => ({
  progress: {},
  set: (id, fraction) =>
    set((state) => {
      const rounded = Math.round(Math.min(1, Math.max(0, fraction)) * 100) / 100;
      return state.progress[id] === rounded ? state : { progress: { ...state.progress, [id]: rounded } };
    }),
  clear: (id) =>
    set((state) => {
      if (!(id in state.progress)) return state;
      const { [id]: _removed, ...rest } = state.progress;
      return { progress: rest };
    }),
}));
