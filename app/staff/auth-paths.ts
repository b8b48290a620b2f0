/** Where the auth library's HTTP handler answers the browser's passkey ceremony. Browser-safe. */
export const AUTH_BASE_PATH = "/admin/auth";

export const PASSKEY_ENDPOINTS = {
  registerOptions: "/passkey/generate-register-options",
  register: "/passkey/verify-registration",
  signInOptions: "/passkey/generate-authenticate-options",
  signIn: "/passkey/verify-authentication",
} as const;

/** The full paths server/app.ts routes to the library; nothing else of it is reachable over HTTP. */
export const PASSKEY_PATHS = Object.values(PASSKEY_ENDPOINTS).map((p) => `${AUTH_BASE_PATH}${p}`);
