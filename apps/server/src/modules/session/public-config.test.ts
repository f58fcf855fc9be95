import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/harness';

const videos = {
  'outlook-connection': 'https://www.youtube-nocookie.com/embed/abc123',
  classification: 'https://player.vimeo.com/video/42?h=x',
};

describe('public configuration of the tutorials and add-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TUTORIAL_VIDEOS: Object.entries(videos)
          .map(([id, url]) => `${id}=${url}`)
          .join(', '),
        OUTLOOK_ADDIN_URL: 'https://appsource.microsoft.com/product/office/WA000000',
      },
    });
  });
  afterAll(() => t?.close());

  it('gives the web app the configured video addresses and add-in links without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(res.json()).toMatchObject({
      tutorialVideos: videos,
      addins: { outlook: 'https://appsource.microsoft.com/product/office/WA000000', gmail: null },
    });
  });

  it("lets the videos' hosts, and only them, be framed", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    const frameSrc = String(res.headers['content-security-policy']).match(/frame-src ([^;]*)/)?.[1];
    expect(frameSrc?.split(' ').sort()).toEqual(["'self'", 'https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
  });

  it.each([
    ['unknown-entry=https://example.com/v', 'unknown-entry'],
    ['classification=javascript:alert(1)', 'classification'],
    ['classification', 'classification'],
  ])('refuses TUTORIAL_VIDEOS=%s at startup', (value, named) => {
    expect(() => testConfig({ TUTORIAL_VIDEOS: value })).toThrow(new RegExp(`TUTORIAL_VIDEOS: "${named}`));
  });
});
