import { describe, expect, it } from "vitest";
import { AccountError, type StaffAccounts } from "./accounts.server";
import { runStaffCommand } from "./command.server";

/** Only `add` is called here: it answers a link per address, and refuses one already taken. */
function fakeAccounts(taken: string[] = []) {
  const added: { email: string; role: string }[] = [];
  const accounts = {
    async add(_actor: unknown, email: string, role: string) {
      if (taken.includes(email)) throw new AccountError(`${email} already has an account.`);
      added.push({ email, role });
      return `http://localhost/admin/setup/${email.replace(/\W/g, "-")}-token-0123456789`;
    },
  } as unknown as StaffAccounts;
  return { accounts, added };
}

describe("npm run staff -- add", () => {
  it("prints the bare setup link for one address", async () => {
    const { accounts, added } = fakeAccounts();
    const result = await runStaffCommand(accounts, ["add", "a@example.org", "--role", "admin"]);
    expect(result).toEqual({ code: 0, out: "http://localhost/admin/setup/a-example-org-token-0123456789" });
    expect(added).toEqual([{ email: "a@example.org", role: "admin" }]);
  });

  it("adds several addresses in one run, printing each with its link", async () => {
    const { accounts, added } = fakeAccounts();
    const result = await runStaffCommand(accounts, ["add", "a@example.org", "b@example.org", "--role", "staff"]);
    expect(result.code).toBe(0);
    expect(result.out.split("\n")).toEqual([
      "a@example.org\thttp://localhost/admin/setup/a-example-org-token-0123456789",
      "b@example.org\thttp://localhost/admin/setup/b-example-org-token-0123456789",
    ]);
    expect(added.map((a) => a.role)).toEqual(["staff", "staff"]);
  });

  it("stops at an address refused, keeping and printing the links made before it", async () => {
    const { accounts, added } = fakeAccounts(["b@example.org"]);
    const result = await runStaffCommand(accounts, ["add", "a@example.org", "b@example.org", "c@example.org", "--role", "staff"]);
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      "a@example.org\thttp://localhost/admin/setup/a-example-org-token-0123456789\nb@example.org: b@example.org already has an account.",
    );
    expect(added.map((a) => a.email)).toEqual(["a@example.org"]);
  });

  it("asks for a role", async () => {
    const { accounts } = fakeAccounts();
    expect((await runStaffCommand(accounts, ["add", "a@example.org"])).code).toBe(2);
  });
});
