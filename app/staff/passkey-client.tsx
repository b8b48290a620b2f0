/**
 * Passkeys in the browser: WebAuthn needs JavaScript, so these buttons appear only once the page runs it and
 * the browser supports passkeys. @simplewebauthn/browser is loaded on click, not with the page.
 */
import { useState, useSyncExternalStore } from "react";
import { Notice } from "~/components/staff/StaffShell";

const AUTH = "/admin/auth";

const noSubscription = () => () => {};
/** False on the server and before hydration, so the page without JavaScript never shows the button. */
const usePasskeySupport = () =>
  useSyncExternalStore(
    noSubscription,
    () => "PublicKeyCredential" in window,
    () => false,
  );

async function getJson(path: string) {
  const res = await fetch(`${AUTH}${path}`, { credentials: "same-origin" });
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}

async function postJson(path: string, body: unknown) {
  return fetch(`${AUTH}${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export function PasskeySignIn({ next }: { next: string }) {
  const supported = usePasskeySupport();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!supported) return null;
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await getJson("/passkey/generate-authenticate-options");
      const { clientExtensionResults: _ignored, ...response } = await startAuthentication({ optionsJSON });
      const res = await postJson("/passkey/verify-authentication", { response });
      if (!res.ok) throw new Error(String(res.status));
      window.location.assign(next);
    } catch {
      setError("Signing in with a passkey did not work. Use your password and code instead.");
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3 border-t border-sand-200 pt-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <button type="button" className="btn-secondary w-full text-navy-900" onClick={signIn} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
    </div>
  );
}

export function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const supported = usePasskeySupport();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!supported) return <p className="text-sm text-sand-700">Adding a passkey needs JavaScript and a browser that supports passkeys.</p>;
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const optionsJSON = await getJson("/passkey/generate-register-options");
      const { clientExtensionResults: _ignored, ...response } = await startRegistration({ optionsJSON });
      const res = await postJson("/passkey/verify-registration", { response, name: "Passkey" });
      if (!res.ok) throw new Error(String(res.status));
      onAdded();
    } catch {
      setError("The passkey was not added. You can try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <button type="button" className="btn-secondary text-navy-900" onClick={add} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Add a passkey"}
      </button>
    </div>
  );
}
