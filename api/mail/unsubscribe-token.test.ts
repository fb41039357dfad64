import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('unsubscribe tokens', () => {
  it('name the person and the kind they were made for', () => {
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, 'user-1', 'new-message'))).toEqual({ userId: 'user-1', kind: 'new-message' });
  });

  it('are refused when altered, signed with another secret or malformed', () => {
    const token = unsubscribeToken(SECRET, 'user-1', 'new-message');
    const [, signed] = token.split('.');
    const otherPayload = Buffer.from('user-2\nnew-message').toString('base64url');
    expect(readUnsubscribeToken(SECRET, `${otherPayload}.${signed}`)).toBeNull();
    expect(readUnsubscribeToken('another-secret-of-thirty-two-characters!', token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, 'garbage')).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}.extra`)).toBeNull();
  });
});
