import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkProfileImage,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  ProfileImageUploadError,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_NEEDS_CONNECTION_MESSAGE,
  uploadErrorMessage,
  uploadProfileImage,
} from './profile-image';

const MB = 1024 * 1024;

describe('checkProfileImage', () => {
  it('accepts an image under 5 MB', () => {
    expect(checkProfileImage({ type: 'image/png', size: 1234 })).toBeNull();
    expect(checkProfileImage({ type: 'image/jpeg', size: 5 * MB - 1 })).toBeNull();
    expect(checkProfileImage({ type: 'IMAGE/WEBP', size: 10 })).toBeNull();
  });

  it('refuses anything that is not an image with the spec message', () => {
    expect(checkProfileImage({ type: 'text/plain', size: 10 })).toBe('Please select an image file');
    expect(checkProfileImage({ type: 'application/pdf', size: 10 })).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(checkProfileImage({ type: '', size: 10 })).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('refuses an image of 5 MB or more with the spec message', () => {
    expect(checkProfileImage({ type: 'image/png', size: 5 * MB })).toBe('Image must be less than 5MB');
    expect(checkProfileImage({ type: 'image/jpeg', size: 6 * MB })).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });

  it('checks the type first', () => {
    expect(checkProfileImage({ type: 'text/plain', size: 6 * MB })).toBe(NOT_AN_IMAGE_MESSAGE);
  });
});

describe('uploadErrorMessage', () => {
  it("is the server's message when there is one", () => {
    expect(uploadErrorMessage(JSON.stringify({ error: 'payload_too_large', message: 'Image must be less than 5MB' }))).toBe('Image must be less than 5MB');
  });

  it("is 'Upload failed' otherwise", () => {
    expect(uploadErrorMessage('')).toBe(UPLOAD_FAILED_MESSAGE);
    expect(uploadErrorMessage('<html>Bad gateway</html>')).toBe(UPLOAD_FAILED_MESSAGE);
    expect(uploadErrorMessage('null')).toBe(UPLOAD_FAILED_MESSAGE);
    expect(uploadErrorMessage(JSON.stringify({ message: '  ' }))).toBe(UPLOAD_FAILED_MESSAGE);
  });
});

describe('uploadProfileImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubToken(token: string | null) {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'auth_token' ? token : null) });
  }

  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

  it('posts the file as multipart with the profile purpose, a fresh id and the bearer token, and answers the url', async () => {
    stubToken('secret-token');
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ id: 'x', url: '/api/uploads/abc.png', contentType: 'image/png', size: 4, purpose: 'profile', createdAt: '' }, { status: 201 }),
    );
    await expect(uploadProfileImage(png(), fetchImpl as typeof fetch)).resolves.toBe('/api/uploads/abc.png');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/upload');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ Authorization: 'Bearer secret-token' });
    const body = init?.body as FormData;
    expect((body.get('image') as File).name).toBe('me.png');
    expect(body.get('purpose')).toBe('profile');
    expect(body.get('id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("fails with the server's message and status", async () => {
    stubToken(null);
    const fetchImpl = vi.fn(async () => Response.json({ message: 'Please select an image file' }, { status: 400 }));
    const failure = uploadProfileImage(png(), fetchImpl as typeof fetch);
    await expect(failure).rejects.toBeInstanceOf(ProfileImageUploadError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'Please select an image file' });
    expect(fetchImpl.mock.calls[0]).toBeDefined();
  });

  it("fails with 'Upload failed' when the server gives no message or no url", async () => {
    stubToken(null);
    await expect(uploadProfileImage(png(), (async () => new Response('', { status: 500 })) as typeof fetch)).rejects.toMatchObject({
      status: 500,
      message: UPLOAD_FAILED_MESSAGE,
    });
    await expect(uploadProfileImage(png(), (async () => Response.json({}, { status: 201 })) as typeof fetch)).rejects.toMatchObject({
      message: UPLOAD_FAILED_MESSAGE,
    });
  });

  it('says a photo needs a connection when the server cannot be reached', async () => {
    stubToken(null);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(uploadProfileImage(png(), offline)).rejects.toMatchObject({ status: null, message: UPLOAD_NEEDS_CONNECTION_MESSAGE });
  });
});
