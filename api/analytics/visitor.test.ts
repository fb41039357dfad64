import { describe, expect, it } from 'vitest';
import { identifyVisitor, isBot } from './visitor';

const base = { userId: null, cookie: undefined, address: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone) Safari/605.1', secret: 's'.repeat(32) };

describe('isBot', () => {
  it.each([
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Twitterbot/1.0',
    'WhatsApp/2.23.20.0 A',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'TelegramBot (like TwitterBot)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  ])('knows %s for a fetcher', (userAgent) => expect(isBot(userAgent)).toBe(true));

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ])('lets the browser %s through', (userAgent) => expect(isBot(userAgent)).toBe(false));
});

describe('identifyVisitor', () => {
  it('is the signed-in user first, and hands a cookieless browser its cookie', () => {
    const visitor = identifyVisitor({ ...base, userId: 'buyer-1' });
    expect(visitor.key).toBe('u:buyer-1');
    expect(visitor.newCookie).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('is the cookie when there is one, whatever the address', () => {
    const cookie = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5';
    expect(identifyVisitor({ ...base, cookie })).toMatchObject({ key: `a:${cookie}`, newCookie: null });
    expect(identifyVisitor({ ...base, cookie, address: '198.51.100.1' })).toMatchObject({ key: `a:${cookie}`, newCookie: null });
  });

  it('without a cookie is address and user agent, and the cookie it sets keeps that same key', () => {
    const first = identifyVisitor(base);
    expect(identifyVisitor(base).key).toBe(first.key);
    expect(first.key).not.toContain(base.address);
    expect(identifyVisitor({ ...base, cookie: first.newCookie! })).toMatchObject({ key: first.key, newCookie: null });
    expect(identifyVisitor({ ...base, address: '198.51.100.1' }).key).not.toBe(first.key);
    expect(identifyVisitor({ ...base, userAgent: 'Firefox' }).key).not.toBe(first.key);
  });

  it("keys an anonymous visitor's address by its block, never spelling the address, and a signed-in user by nothing but their account", () => {
    const cookie = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5';
    const ipv6 = { ...base, cookie, address: '2001:db8:1:2::9' };
    const addressKey = identifyVisitor(ipv6).addressKey!;
    expect(addressKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(identifyVisitor({ ...ipv6, cookie: undefined, userAgent: 'Firefox' }).addressKey).toBe(addressKey);
    expect(identifyVisitor({ ...ipv6, address: '2001:db8:1:2:ffff::1' }).addressKey).toBe(addressKey);
    expect(identifyVisitor({ ...ipv6, address: '2001:db8:1:3::9' }).addressKey).not.toBe(addressKey);
    expect(identifyVisitor(base).addressKey).not.toContain(base.address);
    expect(identifyVisitor({ ...base, userId: 'buyer-1' }).addressKey).toBeNull();
  });

  it('ignores a malformed cookie', () => {
    expect(identifyVisitor({ ...base, cookie: 'x; drop table' }).key).toBe(identifyVisitor(base).key);
  });
});
