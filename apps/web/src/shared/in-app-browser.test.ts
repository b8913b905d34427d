import { describe, expect, it } from 'vitest';
import { isInAppBrowser } from './in-app-browser';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('in-app browsers', () => {
  it.each([
    ['Facebook', `${SAFARI_IOS} [FBAN/FBIOS;FBAV/480.0.0.0;FBBV/123]`],
    ['Messenger on Android', `${CHROME_ANDROID} [FB_IAB/Orca-Android;FBAV/470.0.0.0;]`],
    ['Instagram', `${SAFARI_IOS} Instagram 350.0.0.0`],
    ['TikTok', `${CHROME_ANDROID} musical_ly_2023 BytedanceWebview/d8a21c6`],
    ['LINE', `${SAFARI_IOS} Line/14.10.0`],
    ['Zalo', `${CHROME_ANDROID} Zalo android/24010000 ZaloTheme/light`],
    ['Android web view', CHROME_ANDROID.replace('Pixel 7)', 'Pixel 7; wv)')],
  ])('finds %s', (_, agent) => {
    expect(isInAppBrowser(agent)).toBe(true);
  });

  it('leaves real browsers alone', () => {
    expect(isInAppBrowser(CHROME_ANDROID)).toBe(false);
    expect(isInAppBrowser(SAFARI_IOS)).toBe(false);
  });
});
