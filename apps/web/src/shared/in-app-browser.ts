/**
 * In-app browsers (the web views of Facebook, Messenger, Instagram, TikTok, LINE, Zalo, WeChat,
 * X, Snapchat, and Android's generic `; wv)`), told by their user agents. Google refuses its
 * sign-in inside them ("disallowed_useragent"), so the app asks the user to open the page in their
 * browser there instead of sending them to an error.
 */
const IN_APP = [
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\//, // Facebook, Messenger
  /\bInstagram\b/,
  /\bBytedanceWebview\b|\bmusical_ly\b|\bTikTok\b/i,
  /\bLine\/\d/,
  /\bZalo(App)?\b/i,
  /\bMicroMessenger\//,
  /\bTwitter(Android)?\b/,
  /\bSnapchat\b/,
  /; wv\)/, // Android System WebView
];

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.some((pattern) => pattern.test(userAgent));
}
