/**
 * What the session keeps in local storage: the bearer token and the last
 * known user, so the app opens signed in with no network.
 */
export const TOKEN_KEY = 'auth_token';
export const CACHED_USER_KEY = 'auth_user';
/** Where to go after signing in, saved by a page that asked a guest to sign in first. */
export const REDIRECT_AFTER_LOGIN_KEY = 'redirect_after_login';
/** Set when this device created the account, so the first greeting is 'Welcome' rather than 'Welcome back'. */
export const NEW_ACCOUNT_KEY = 'new_account';
/** In session storage: the person hid the reminder to confirm their email for this visit. */
export const CONFIRM_REMINDER_HIDDEN_KEY = 'confirm_reminder_hidden';
