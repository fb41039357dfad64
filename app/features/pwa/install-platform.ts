/**
 * Which install path the browser offers: Chromium browsers fire
 * `beforeinstallprompt`; Safari on iPhone and iPad never does, so there the
 * person is shown the Share > Add to Home Screen steps instead.
 */

/** The non-standard event Chromium fires when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms: string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
  prompt(): Promise<void>;
}

/**
 * True for iPhone, iPod and iPad. iPadOS 13+ reports itself as a Mac
 * (`MacIntel`), so a Mac with a touch screen is taken to be an iPad.
 * Every browser on iOS uses WebKit and installs through the Share sheet,
 * so Chrome or Firefox on iOS count too.
 */
export function isIosSafari(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

/** True when the app already runs as an installed app rather than in a browser tab. */
export function isStandalone(displayModeStandalone: boolean, navigatorStandalone: boolean | undefined): boolean {
  return displayModeStandalone || navigatorStandalone === true;
}

export const STANDALONE_QUERY = '(display-mode: standalone)';

/** Whether this page runs as the installed app (Home Screen on iOS says so through `navigator.standalone`). */
export function runsInstalled(): boolean {
  return isStandalone(window.matchMedia(STANDALONE_QUERY).matches, (navigator as Navigator & { standalone?: boolean }).standalone);
}
