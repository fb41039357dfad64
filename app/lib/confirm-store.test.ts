import { beforeEach, describe, expect, it } from 'vitest';
import { askToConfirm, useConfirmStore } from './confirm-store';

const question = { title: 'Delete menu?', description: 'Its link stops working.', confirmLabel: 'Delete', destructive: true };

beforeEach(() => useConfirmStore.setState({ pending: null }));

describe('askToConfirm', () => {
  it('shows the question and resolves with the answer given', async () => {
    const answer = askToConfirm(question);
    expect(useConfirmStore.getState().pending?.title).toBe('Delete menu?');
    useConfirmStore.getState().pending!.answer(true);
    await expect(answer).resolves.toBe(true);
    expect(useConfirmStore.getState().pending).toBeNull();
  });

  it('counts an unanswered question as a no when another one is asked', async () => {
    const first = askToConfirm(question);
    const second = askToConfirm({ ...question, title: 'Sign out?' });
    await expect(first).resolves.toBe(false);
    expect(useConfirmStore.getState().pending?.title).toBe('Sign out?');
    useConfirmStore.getState().pending!.answer(false);
    await expect(second).resolves.toBe(false);
  });
});
