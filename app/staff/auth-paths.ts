/** Where the auth library answers the browser's passkey ceremony (app/routes/admin/auth.ts). Browser-safe. */
import { href } from "react-router";

/** The auth library's base path (the route's address without its last part): only the endpoints below are reachable under it. */
export const AUTH_BASE_PATH = href("/admin/auth/*", { "*": "" }).replace(/\/$/, "");

export const PASSKEY_ENDPOINTS = {
  registerOptions: "/passkey/generate-register-options",
  register: "/passkey/verify-registration",
  signInOptions: "/passkey/generate-authenticate-options",
  signIn: "/passkey/verify-authentication",
} as const;

export type PasskeyEndpoint = (typeof PASSKEY_ENDPOINTS)[keyof typeof PASSKEY_ENDPOINTS];

export const passkeyUrl = (endpoint: PasskeyEndpoint) => href("/admin/auth/*", { "*": endpoint.slice(1) });

/** Whether the rest of an address under the base path names one of the passkey endpoints. */
export const isPasskeyEndpoint = (rest: string | undefined) => Object.values<string>(PASSKEY_ENDPOINTS).includes(`/${rest}`);
