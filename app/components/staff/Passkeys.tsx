/**
 * Passkeys in the browser: WebAuthn needs JavaScript, so these buttons appear only once the page runs it and
 * the browser supports passkeys. @simplewebauthn/browser is loaded on click, not with the page.
 */
import { useState, useSyncExternalStore } from "react";
import { PASSKEY_ENDPOINTS, passkeyUrl, type PasskeyEndpoint } from "~/staff/auth-paths";
import { Notice } from "./StaffShell";

const noSubscription = () => () => {};
/** False on the server and before hydration, so the page without JavaScript never shows the button. */
const usePasskeySupport = () =>
  useSyncExternalStore(
    noSubscription,
    () => "PublicKeyCredential" in window,
    () => false,
  );

type Browser = typeof import("@simplewebauthn/browser");

/**
 * One ceremony: the library's options, the browser's passkey prompt, the library's verification.
 * `prompt` is startAuthentication or startRegistration; a failure anywhere throws.
 */
async function ceremony(
  optionsPath: PasskeyEndpoint,
  verifyPath: PasskeyEndpoint,
  prompt: (browser: Browser, optionsJSON: never) => Promise<{ clientExtensionResults: unknown }>,
  extra: Record<string, unknown> = {},
) {
  const browser = await import("@simplewebauthn/browser");
  const options = await fetch(passkeyUrl(optionsPath), { credentials: "same-origin" });
  if (!options.ok) throw new Error(String(options.status));
  const { clientExtensionResults: _ignored, ...response } = await prompt(browser, (await options.json()) as never);
  const verified = await fetch(passkeyUrl(verifyPath), {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ response, ...extra }),
  });
  if (!verified.ok) throw new Error(String(verified.status));
}

/** Busy and error state around a ceremony, for a button. */
function useCeremony(run: () => Promise<void>, failure: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, start };
}

export function PasskeySignIn({ next }: { next: string }) {
  const supported = usePasskeySupport();
  const { error, busy, start } = useCeremony(async () => {
    await ceremony(PASSKEY_ENDPOINTS.signInOptions, PASSKEY_ENDPOINTS.signIn, (b, optionsJSON) => b.startAuthentication({ optionsJSON }));
    window.location.assign(next);
  }, "Signing in with a passkey did not work. Use your password and code instead.");
  if (!supported) return null;
  return (
    <div className="space-y-3 border-t border-sand-200 pt-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <button type="button" className="btn-secondary w-full text-navy-900" onClick={start} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
    </div>
  );
}

export function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const supported = usePasskeySupport();
  const [name, setName] = useState("");
  const { error, busy, start } = useCeremony(async () => {
    await ceremony(
      PASSKEY_ENDPOINTS.registerOptions,
      PASSKEY_ENDPOINTS.register,
      (b, optionsJSON) => b.startRegistration({ optionsJSON }),
      { name: name.trim().slice(0, 60) || "Passkey" },
    );
    setName("");
    onAdded();
  }, "The passkey was not added. You can try again.");
  if (!supported) return <p className="text-sm text-sand-700">Adding a passkey needs JavaScript and a browser that supports passkeys.</p>;
  return (
    <div className="space-y-3">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex grow flex-col font-semibold">
          Name for the new passkey
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            placeholder="For example: work laptop"
            className="mt-1 rounded border border-sand-700/40 bg-white px-3 py-2 font-normal"
          />
        </label>
        <button type="button" className="btn-secondary text-navy-900" onClick={start} disabled={busy}>
          {busy ? "Waiting for your passkey…" : "Add a passkey"}
        </button>
      </div>
    </div>
  );
}
