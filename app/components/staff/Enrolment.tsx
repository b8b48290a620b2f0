/** The steps of setting up an account after the password: the authenticator app, then the recovery codes. */
import { Form, href, Link } from "react-router";
import { TextField } from "~/components/forms/fields";
import { STAFF_HOME } from "~/staff/home";
import { Notice, StaffCard } from "./StaffShell";

export function AuthenticatorStep({ uri, qrSvg, setupKey, error }: { uri: string; qrSvg: string; setupKey: string; error?: string }) {
  return (
    <StaffCard title="Step 2 of 3: your authenticator app">
      <p>
        Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis) and add an
        account by scanning this code.
      </p>
      <div
        role="img"
        aria-label="QR code for your authenticator app"
        className="mx-auto w-56"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p>
        Cannot scan it? Enter this setup key in the app instead:
        <code className="mt-1 block rounded bg-sand-100 px-3 py-2 text-center font-mono text-lg break-all" data-testid="setup-key">
          {setupKey}
        </code>
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Form method="post" action={href("/admin/authenticator")} className="space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="uri" value={uri} />
        <TextField
          name="code"
          label="Code from the app"
          hint="Type the 6-digit code the app now shows, to confirm it works."
          autoComplete="one-time-code"
          inputMode="numeric"
          required
        />
        <button type="submit" className="btn-primary w-full">
          Confirm
        </button>
      </Form>
    </StaffCard>
  );
}

/** Recovery codes, shown once: at the end of setup, or after renewing them on the account page. */
export function RecoveryCodes({
  codes,
  title = "Step 3 of 3: your recovery codes",
  confirmation = "Your authenticator app is set up.",
  done = { to: STAFF_HOME, label: "I have saved them: go to the inbox" },
}: {
  codes: string[];
  title?: string;
  confirmation?: string;
  done?: { to: string; label: string };
}) {
  return (
    <StaffCard title={title}>
      <Notice kind="ok">{confirmation}</Notice>
      <p>
        These are your recovery codes. Each works once, in place of a code from the app, if you lose your phone. Save them now in your
        password manager or print them: <strong>they will not be shown again.</strong>
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-lg" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-sand-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <Link to={done.to} className="btn-primary w-full">
        {done.label}
      </Link>
    </StaffCard>
  );
}
