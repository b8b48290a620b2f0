/** The inbox's lock, as staff meet it: a short form wherever sealed contents would be, and a notice while locked. */
import { Form, href } from "react-router";
import { TextField } from "~/components/forms/fields";

/** Posts the password to the unlock page, which comes back to `next`. */
export function UnlockForm({ next, recovery = false }: { next: string; recovery?: boolean }) {
  return (
    <Form method="post" action={href("/admin/unlock")} className="mt-3 max-w-md space-y-4">
      <input type="hidden" name="intent" value={recovery ? "recover" : "unlock"} />
      <input type="hidden" name="next" value={next} />
      <TextField name="password" label="Your password" type="password" autoComplete="current-password" required />
      {recovery ? (
        <TextField
          name="recoveryKey"
          label="Recovery key"
          hint="Sixty-four letters and digits in groups of four, as printed when the inbox key was made."
          autoComplete="off"
          dir="ltr"
          required
        />
      ) : null}
      <button type="submit" className="btn-primary">
        {recovery ? "Unlock with the recovery key" : "Unlock the inbox"}
      </button>
    </Form>
  );
}

/** Where names and messages would be: why they are not, and the way to read them. */
export function LockedNotice({ next, idleMinutes }: { next: string; idleMinutes: number }) {
  return (
    <section aria-labelledby="locked" className="mt-4 max-w-3xl rounded-lg border-s-4 border-navy-700 bg-white p-5 shadow-sm">
      <h2 id="locked" className="font-serif text-xl font-bold text-navy-900">
        The inbox is locked
      </h2>
      <p className="mt-1">
        What people send is sealed: only a staff member who unlocks the inbox can read it. Type your password to unlock it for this session.
        It locks again when you sign out or after {idleMinutes} minutes without use.
      </p>
      <UnlockForm next={next} />
    </section>
  );
}
