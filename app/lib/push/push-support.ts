/**
 * Whether this browser can show the app's notifications, and what to tell
 * the person when it cannot. Safari on iPhone and iPad has push only for an
 * app added to the Home Screen; in a tab it has no PushManager at all.
 */
export type PushSupport = 'supported' | 'add-to-home-screen' | 'unsupported';

export type PushEnvironment = {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  /** iPhone or iPad (any browser there is Safari underneath). */
  ios: boolean;
  /** Opened as the installed app, not in a browser tab. */
  standalone: boolean;
};

export function pushSupport(environment: PushEnvironment): PushSupport {
  if (environment.ios && !environment.standalone) return 'add-to-home-screen';
  return environment.serviceWorker && environment.pushManager && environment.notification ? 'supported' : 'unsupported';
}

export const UNSUPPORTED_TEXT: Record<Exclude<PushSupport, 'supported'>, string> = {
  'add-to-home-screen': 'Add the app to your Home Screen to turn on notifications.',
  unsupported: 'This browser cannot show notifications.',
};

/** The worker is not installed yet (the first visit), or the browser gave a subscription without keys. */
export const NOT_READY_TEXT = 'The app is still getting ready on this device. Try again in a moment.';

/** The browser's push service did not answer in time: nothing was turned on, and what the person can do about it. */
export const UNREACHABLE_TITLE = 'This device could not be subscribed to notifications';
export const UNREACHABLE_TEXT =
  "This device could not be subscribed to notifications: the browser's push service did not answer. Check this device's internet connection and try again later. If it keeps happening, the network may block the browser's push service, or it may be turned off in the browser's settings.";

/** How to undo a refusal: browsers never ask a second time, so only their settings can. */
export function blockedText(ios: boolean): string {
  return ios
    ? 'Notifications are blocked. To allow them, open Settings > Notifications > Wholesale Menus and turn on Allow Notifications.'
    : 'Notifications are blocked for this site. To allow them, open the site settings (the icon beside the address) and set Notifications to Allow, then come back here.';
}

/** This browser's environment, read once where the controls are drawn. */
export function readPushEnvironment(): PushEnvironment {
  const { userAgent, platform, maxTouchPoints } = navigator;
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    ios: /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1),
    standalone: window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true,
  };
}
